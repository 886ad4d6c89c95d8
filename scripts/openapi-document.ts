// The service's OpenAPI document, built from the route schemas without listening or touching a real
// database (an in-memory SQLite one). Used by the type generator and its freshness test.
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { connectDatabase } from '../src/db/connect.ts';

export async function openApiDocument(): Promise<Record<string, any>> {
  const config = loadConfig({ DATABASE_URL: 'sqlite::memory:', PUBLIC_BASE_URL: 'http://localhost:3000', SEED_DEMO: 'false', RUN_WORKERS: 'false', LOG_LEVEL: 'silent' });
  const database = await connectDatabase(config.databaseUrl);
  const app = await buildApp(config, { database, logger: false });
  try {
    await app.ready();
    return JSON.parse(JSON.stringify(app.swagger()));
  } finally {
    await app.close();
    await database.destroy();
  }
}
