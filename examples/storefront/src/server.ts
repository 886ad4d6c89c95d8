// Starts the storefront: `npm start` in examples/storefront (after `npm start` of the service).
import { loadConfig } from './config.ts';
import { createStorefront } from './app.ts';

const config = loadConfig();
const { server } = createStorefront(config);
server.listen(config.port, config.host, () => {
  console.log(`Storefront on ${config.publicUrl} (service ${config.serviceUrl}; stores ${config.stores.map((s) => s.name).join(', ')})`);
  for (const s of config.stores) if (!s.webhookSecret) console.log(`No webhook secret for ${s.name}: /webhooks/${s.storeId} answers 404 until one is configured.`);
});
