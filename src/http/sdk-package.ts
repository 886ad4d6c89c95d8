// GET /sdk/client.tgz: the TypeScript client that matches this server, as the npm package `npm pack`
// would make (package/package.json, README, CHANGELOG, dist/), so a partner installs it with
// `npm install https://<this server>/sdk/client.tgz` and needs neither a registry nor the source.
// Made from sdk/dist on first request and kept (an install builds sdk/dist; a server without it, as after
// `npm ci --omit=dev` with no build, answers 404 sdk-not-built).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { createGzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { notFound } from '../shared/errors.ts';

export const SDK_DIR = resolve(import.meta.dirname, import.meta.filename.endsWith('.js') ? '../../..' : '../..', 'sdk');

interface Packed {
  body: Buffer;
  etag: string;
  filename: string;
}

function filesUnder(dir: string, root: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path, root);
    return entry.name === '.built' ? [] : [relative(root, path)];
  });
}

/** The package's tarball, gzipped, with the files npm would pack (the package.json's `files`). */
export async function packSdk(dir = SDK_DIR): Promise<Packed | null> {
  if (!existsSync(join(dir, 'dist', 'index.js'))) return null;
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string; version: string };
  const files = ['package.json', ...['README.md', 'CHANGELOG.md'].filter((f) => existsSync(join(dir, f))), ...filesUnder(join(dir, 'dist'), dir).sort()];
  // tar is loaded on the first request for the package, not at start.
  const tar = await import('tar');
  const chunks: Buffer[] = [];
  // Fixed times and no owners: the same build gives the same bytes (and ETag) on every instance.
  const stream = tar.c({ cwd: dir, prefix: 'package', portable: true, mtime: new Date('2000-01-01T00:00:00Z') }, files).pipe(createGzip({ level: 9 }));
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const filename = `${manifest.name.replace(/^@/, '').replace('/', '-')}-${manifest.version}.tgz`;
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`, filename };
}

export async function sdkPackageRoutes(app: FastifyInstance, { dir = SDK_DIR }: { dir?: string } = {}) {
  let packed: Promise<Packed | null> | null = null;
  app.get('/sdk/client.tgz', {
    schema: {
      tags: ['operations'],
      summary: "The TypeScript client matching this server, as an npm package: npm install <this server's address>/sdk/client.tgz",
      response: {
        200: { description: 'The package (gzipped tar, as npm pack makes it)', content: { 'application/gzip': { schema: Type.String({ format: 'binary' }) } } },
        304: { description: 'Not modified (If-None-Match matched the ETag)', type: 'null' },
      },
    },
  }, async (request, reply) => {
    packed ??= packSdk(dir).catch((error: unknown) => {
      packed = null;
      throw error;
    });
    const tarball = await packed;
    if (!tarball) {
      packed = null;
      throw notFound('sdk-not-built', 'The client is not built on this server: run npm install (or npm run build) where it is installed');
    }
    reply
      .header('content-type', 'application/gzip')
      .header('content-disposition', `attachment; filename="${tarball.filename}"`)
      .header('cache-control', 'no-cache')
      .header('etag', tarball.etag);
    if (request.headers['if-none-match'] === tarball.etag) return reply.code(304).send();
    return reply.send(tarball.body);
  });
}
