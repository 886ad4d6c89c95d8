// The demo store's pictures ship with the service (src/seed/demo-assets/*.svg, drawn for it) and
// every instance serves them at /demo-assets/: the demo works offline, and several instances need
// no shared upload storage for it.
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const DEMO_ASSETS_DIR = resolve(import.meta.dirname, 'demo-assets');

/** The public URL of one demo picture (`name` without `.svg`). */
export function demoAssetUrl(publicBaseUrl: string, name: string): string {
  return `${publicBaseUrl}/demo-assets/${name}.svg`;
}

export async function demoAssetRoutes(app: FastifyInstance) {
  await app.register(fastifyStatic, {
    root: DEMO_ASSETS_DIR,
    prefix: '/demo-assets/',
    decorateReply: false,
    index: false,
    // One route per file found at start: nothing else under /demo-assets/ is reachable.
    wildcard: false,
    schemaHide: true,
    cacheControl: false,
    setHeaders(reply: { header(name: string, value: string): unknown }) {
      reply.header('cache-control', 'public, max-age=86400');
      // An SVG opened on its own is a document: it may not run scripts or load anything.
      reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
    },
  });
}
