// Writes the TypeScript types of the API (openapi-typescript) once, into the SDK that ships them;
// the staff console imports the same file (console/src/api/schema.ts). `--check` fails instead of
// writing when the file is stale.
//   npm run generate:api          regenerate
//   npm run generate:api -- --check
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { openApiDocument } from './openapi-document.ts';

const ROOT = resolve(import.meta.dirname, '..');
export const TARGETS = ['sdk/src/generated/schema.d.ts'];

const HEADER = '// Generated from /openapi.json by scripts/generate-api-types.ts (npm run generate:api). Do not edit.\n';

export async function generatedApiTypes(): Promise<string> {
  const ast = await openapiTS((await openApiDocument()) as any, { alphabetize: true });
  return HEADER + astToString(ast);
}

/** Target files whose content differs from what the generator writes now. */
export async function staleTargets(): Promise<string[]> {
  const text = await generatedApiTypes();
  return TARGETS.filter((t) => !existsSync(join(ROOT, t)) || readFileSync(join(ROOT, t), 'utf8') !== text);
}

if (process.argv[1] === import.meta.filename) {
  const check = process.argv.includes('--check');
  if (check) {
    const stale = await staleTargets();
    if (stale.length) {
      console.error(`API types are stale: ${stale.join(', ')}. Run: npm run generate:api`);
      process.exit(1);
    }
    console.log('API types are current.');
  } else {
    const text = await generatedApiTypes();
    for (const t of TARGETS) {
      mkdirSync(dirname(join(ROOT, t)), { recursive: true });
      writeFileSync(join(ROOT, t), text);
      console.log(`wrote ${t} (${text.length} bytes)`);
    }
  }
}
