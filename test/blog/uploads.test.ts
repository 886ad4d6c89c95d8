import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeEachDb, expectError, type TestStore } from '../helpers/app.ts';
import { blogClient } from './helpers.ts';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('0000000dIHDR-fake-png-body')]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF-body')]);
const GIF = Buffer.from('GIF89a-gif-body');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x10, 0, 0, 0]), Buffer.from('WEBPVP8 body')]);
const MB = 1024 * 1024;

function multipart(parts: { name: string; filename?: string; contentType?: string; data: Buffer | string }[]) {
  const boundary = '----sis-test-boundary-7d1f';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}\r\n${p.contentType ? `Content-Type: ${p.contentType}\r\n` : ''}\r\n`));
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

describeEachDb('blog cover uploads (POST /api/uploads)', (env) => {
  const blog = blogClient(env);
  let store: TestStore;
  let other: TestStore;

  const upload = (s: TestStore | null, data: Buffer | string, options: { filename?: string; contentType?: string; storeId?: string | null; headers?: Record<string, string> } = {}) => {
    const body = multipart([{ name: 'file', filename: options.filename ?? 'cover.png', contentType: options.contentType ?? 'image/png', data }]);
    const storeId = options.storeId === undefined ? s?.storeId : options.storeId;
    return env.inject({
      method: 'POST',
      url: `/api/uploads${storeId ? `?storeId=${storeId}` : ''}`,
      headers: { ...(s ? env.staffHeaders(s) : {}), ...options.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  };

  before(async () => {
    store = await env.createStore();
    other = await env.createStore();
  });

  test('stores a PNG under UPLOAD_DIR and serves it from a URL under PUBLIC_BASE_URL with its type and nosniff', async () => {
    const res = await upload(store, PNG);
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.data.ok, true);
    assert.equal(res.data.contentType, 'image/png');
    assert.equal(res.data.size, PNG.length);
    const prefix = `http://localhost:3000/uploads/${store.storeId}/`;
    assert.ok(res.data.url.startsWith(prefix), res.data.url);
    assert.match(res.data.url.slice(prefix.length), /^[A-Za-z0-9_-]+\.png$/);
    const relative = res.data.url.slice('http://localhost:3000/uploads/'.length);
    assert.ok(existsSync(join(env.config.uploadDir, relative)));
    assert.deepEqual(readFileSync(join(env.config.uploadDir, relative)), PNG);

    const served = await env.app.inject({ method: 'GET', url: `/uploads/${relative}` });
    assert.equal(served.statusCode, 200);
    assert.equal(served.headers['content-type'], 'image/png');
    assert.equal(served.headers['x-content-type-options'], 'nosniff');
    assert.deepEqual(served.rawPayload, PNG);

    // The URL is accepted as a cover image and appears on the post page.
    const post = await blog.create(store, { title: 'Uploaded cover post', coverImageUrl: res.data.url, status: 'published' });
    assert.ok((await blog.page(store, post.slug)).body.includes(`<meta property="og:image" content="${res.data.url}">`));
  });

  test('JPEG, GIF and WebP are detected by content, whatever the client claims', async () => {
    for (const [bytes, type, ext] of [[JPEG, 'image/jpeg', 'jpg'], [GIF, 'image/gif', 'gif'], [WEBP, 'image/webp', 'webp']] as const) {
      const res = await upload(store, bytes, { filename: 'whatever.png', contentType: 'application/octet-stream' });
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(res.data.contentType, type);
      assert.ok(res.data.url.endsWith(`.${ext}`));
      const served = await env.app.inject({ method: 'GET', url: res.data.url.replace('http://localhost:3000', '') });
      assert.equal(served.headers['content-type'], type);
    }
  });

  test('non-images are 415 even when named and labelled as images (HTML, SVG, text, truncated signatures)', async () => {
    const fakes: [string, Buffer | string][] = [
      ['html as png', '<html><script>alert(1)</script></html>'],
      ['svg', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'],
      ['text', 'just some text'],
      ['truncated png signature', Buffer.from([0x89, 0x50, 0x4e, 0x47])],
      ['riff without webp', Buffer.from('RIFF\u0000\u0000\u0000\u0000AVI LIST')],
    ];
    for (const [label, data] of fakes) {
      const res = await upload(store, data, { filename: 'x.png', contentType: 'image/png' });
      assert.equal(res.statusCode, 415, label);
      expectError(res, 415, 'unsupported-media-type');
    }
  });

  test('5 MB is accepted; one byte more is 413 payload-too-large', async () => {
    const exact = Buffer.concat([PNG, Buffer.alloc(5 * MB - PNG.length)]);
    const ok = await upload(store, exact);
    assert.equal(ok.statusCode, 201, ok.body);
    assert.equal(ok.data.size, 5 * MB);
    expectError(await upload(store, Buffer.concat([exact, Buffer.from([0])])), 413, 'payload-too-large');
  });

  test('missing, empty or misplaced files are 400; JSON instead of multipart is 415', async () => {
    const fieldOnly = multipart([{ name: 'note', data: 'no file here' }]);
    expectError(
      await env.inject({ method: 'POST', url: `/api/uploads?storeId=${store.storeId}`, headers: { ...env.staffHeaders(store), 'content-type': fieldOnly.contentType }, payload: fieldOnly.payload }),
      400,
      'validation-failed',
    );
    expectError(await upload(store, Buffer.alloc(0)), 400, 'validation-failed');
    expectError(await env.inject({ method: 'POST', url: `/api/uploads?storeId=${store.storeId}`, headers: env.staffHeaders(store), payload: { file: 'x' } }), 415, 'unsupported-media-type');
  });

  test('auth: no session 401, no storeId 400, another store\'s staff 403, integration key 401', async () => {
    expectError(await upload(null, PNG, { storeId: store.storeId }), 401, 'unauthorized');
    expectError(await upload(store, PNG, { storeId: null }), 400, 'missing-store-id');
    expectError(await upload(other, PNG, { storeId: store.storeId }), 403, 'forbidden');
    const key = await env.createKey(store);
    expectError(await upload(null, PNG, { storeId: store.storeId, headers: { 'x-api-key': key, authorization: `Bearer ${key}` } }), 401, 'unauthorized');
  });

  test('serving: unknown files and path tricks are 404', async () => {
    for (const path of [
      `/uploads/${store.storeId}/AAAAAAAAAAAAAAAAAAAAAAAA.png`,
      `/uploads/${store.storeId}/..%2F..%2Fpackage.json`,
      `/uploads/..%2F${store.storeId}/x.png`,
      `/uploads/${store.storeId}/abc.svg`,
      '/uploads/x/y',
    ]) {
      const res = await env.inject({ method: 'GET', url: path });
      assert.equal(res.statusCode, 404, path);
    }
  });
});
