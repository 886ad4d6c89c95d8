// The storefront's settings, read once from the environment. The integration keys live here, on the
// server, and nowhere else: no page, cookie or redirect ever carries one.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export interface StoreSettings {
  storeId: string;
  /** The store's integration key (isk_…): server-side only. */
  apiKey: string;
  /** Shown on the site (the integration API does not return store names). */
  name: string;
  /** The whsec_… secret of the webhook endpoint registered for /webhooks/<storeId>, if any. */
  webhookSecret?: string;
}

export interface StorefrontConfig {
  /** The Store Integration Service, e.g. http://localhost:3000 */
  serviceUrl: string;
  /** Where browsers reach this site (used in the payment page's return and cancel URLs). */
  publicUrl: string;
  host: string;
  port: number;
  siteName: string;
  stores: StoreSettings[];
  /** Signs the cart and orders cookies. */
  cookieSecret: string;
}

function storesFrom(env: NodeJS.ProcessEnv): StoreSettings[] {
  if (env.STORES) {
    const list = JSON.parse(env.STORES) as Partial<StoreSettings>[];
    return list.map((s, i) => {
      if (!s.storeId || !s.apiKey) throw new Error(`STORES[${i}] needs storeId and apiKey`);
      return { storeId: s.storeId, apiKey: s.apiKey, name: s.name ?? s.storeId, ...(s.webhookSecret ? { webhookSecret: s.webhookSecret } : {}) };
    });
  }
  // With no STORES, the demo store that `npm start` of the service writes to data/demo-credentials.json.
  const path = resolve(env.DEMO_CREDENTIALS ?? resolve(import.meta.dirname, '../../../data/demo-credentials.json'));
  if (!existsSync(path)) throw new Error(`Set STORES='[{"storeId":"…","apiKey":"isk_…","name":"…"}]', or start the service once so that ${path} exists.`);
  const demo = JSON.parse(readFileSync(path, 'utf8')) as { storeId: string; storeName?: string; integrationKey: string };
  return [{ storeId: demo.storeId, apiKey: demo.integrationKey, name: demo.storeName ?? demo.storeId, ...(env.WEBHOOK_SECRET ? { webhookSecret: env.WEBHOOK_SECRET } : {}) }];
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): StorefrontConfig {
  const port = Number(env.PORT ?? 4000);
  return {
    serviceUrl: (env.SERVICE_URL ?? 'http://localhost:3000').replace(/\/+$/, ''),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    host: env.HOST ?? '127.0.0.1',
    port,
    siteName: env.SITE_NAME ?? 'Corner Market',
    stores: storesFrom(env),
    cookieSecret: env.COOKIE_SECRET ?? randomBytes(32).toString('hex'),
  };
}
