// The cached catalog responses are gzipped once per cache fill and served compressed to clients that
// accept gzip (the bench's hot path); everyone else gets identity bytes. Same validator either way.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { describeEachDb } from '../helpers/app.ts';

describeEachDb('catalog compression', (env) => {
  test('gzip when accepted, identity otherwise; Vary and a weak ETag on the gzip form; 304 for either validator', async () => {
    const store = await env.createStore();
    const key = await env.createKey(store);
    for (let i = 0; i < 12; i++) await env.createItem(store, { name: `Item with a longer name ${i}`, description: 'x'.repeat(120) });
    const url = `/v1IntegrationProducts?storeId=${store.storeId}`;

    const plain = await env.inject({ method: 'GET', url, headers: env.keyHeaders(key) });
    assert.equal(plain.statusCode, 200);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.match(String(plain.headers.vary), /accept-encoding/);
    assert.equal(plain.data.count, 12);

    const gz = await env.app.inject({ method: 'GET', url, headers: { ...env.keyHeaders(key), 'accept-encoding': 'gzip, deflate, br' } });
    assert.equal(gz.statusCode, 200);
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.ok(gz.rawPayload.length < plain.rawPayload.length / 2);
    assert.deepEqual(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8')), plain.data);
    assert.equal(gz.headers.etag, `W/${plain.headers.etag}`);
    assert.equal(gz.headers['x-service-contract-version'], '2026-04-13');

    const refused = await env.app.inject({ method: 'GET', url, headers: { ...env.keyHeaders(key), 'accept-encoding': 'gzip;q=0, identity' } });
    assert.equal(refused.headers['content-encoding'], undefined);
    assert.deepEqual(JSON.parse(refused.body), plain.data);

    for (const validator of [String(plain.headers.etag), String(gz.headers.etag)]) {
      const notModified = await env.inject({ method: 'GET', url, headers: { ...env.keyHeaders(key), 'accept-encoding': 'gzip', 'if-none-match': validator } });
      assert.equal(notModified.statusCode, 304);
      assert.equal(notModified.body, '');
    }

    // Another store's key gets no catalog, compressed or not.
    const other = await env.createStore();
    const otherKey = await env.createKey(other);
    const foreign = await env.app.inject({ method: 'GET', url, headers: { ...env.keyHeaders(otherKey), 'accept-encoding': 'gzip' } });
    assert.equal(foreign.statusCode, 401);
    assert.equal(foreign.headers['content-encoding'], undefined);
  });
});
