// The request log never carries a secret from a URL: a password-reset link opened in the console, a
// key or token a client put in a query string, a manage link's token in a path.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { redactUrl } from '../../src/http/log-redaction.ts';
import { describeEachDb } from '../helpers/app.ts';

const lines: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});

describeEachDb('secrets in URLs are redacted from the request log', (env) => {
  test('a reset link opened in the console: the log has the path but not the token, so the token cannot be taken from it', async () => {
    const store = await env.createStore();
    const { link } = await env.app.ctx.services.stores.createPasswordResetLink(store.email);
    const token = new URL(link).searchParams.get('token')!;
    lines.length = 0;
    const page = await env.app.inject({ method: 'GET', url: `/console/reset-password?token=${token}` });
    assert.equal(page.statusCode, 200);
    const logged = lines.join('');
    assert.match(logged, /\/console\/reset-password\?token=\[redacted\]/);
    assert.ok(!logged.includes(token), 'the reset token is in the log');
    assert.ok(!logged.includes(token.slice(4, 20)), 'part of the reset token is in the log');
    // The token still works for its owner (the redaction is of the log only).
    const confirmed = await env.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, newPassword: 'a brand new password' } });
    assert.equal(confirmed.statusCode, 200, confirmed.body);
  });

  test('keys, tokens and secrets in any query parameter, and service secrets under any name, are not logged', async () => {
    const store = await env.createStore();
    const key = await env.createKey(store);
    const secrets = [key, 'sst_sessiontokenvalue1234567890', 'plain-secret-value-42', 'hunter2-password-value', 'opaque-token-value-99'];
    lines.length = 0;
    const urls = [
      `/v1IntegrationProducts?storeId=${store.storeId}&key=${key}`,
      `/v1IntegrationProducts?storeId=${store.storeId}&apiKey=${encodeURIComponent(key)}`,
      `/api/public/blog?storeSlug=${store.slug}&x=${key}`,
      `/anything?session=${secrets[1]}&secret=${secrets[2]}`,
      `/anything?password=${secrets[3]}&access_token=${secrets[4]}`,
      `/anything/${key}`,
    ];
    for (const url of urls) await env.app.inject({ method: 'GET', url });
    const logged = lines.join('');
    assert.ok(logged.includes('incoming request'), 'requests are logged at all');
    for (const secret of secrets) assert.ok(!logged.includes(secret), `${secret} is in the log`);
    // What is not secret stays readable.
    assert.ok(logged.includes(`storeId=${store.storeId}`));
    assert.ok(logged.includes(`storeSlug=${store.slug}`));
  });

  test('the client library that sent a request is logged (x-store-client), printable and bounded', async () => {
    const store = await env.createStore();
    const key = await env.createKey(store);
    lines.length = 0;
    await env.app.inject({ method: 'GET', url: `/v1IntegrationPromo?storeId=${store.storeId}`, headers: { 'x-api-key': key, 'x-store-client': '@store-integration/client/1.0.0 node/20.11.0' } });
    await env.app.inject({ method: 'GET', url: `/v1IntegrationPromo?storeId=${store.storeId}`, headers: { 'x-api-key': key, 'x-store-client': `evil\u0007${'x'.repeat(500)}` } });
    const requests = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'incoming request');
    assert.equal(requests[0].req.client, '@store-integration/client/1.0.0 node/20.11.0');
    assert.equal(requests[1].req.client.length, 120);
    assert.match(requests[1].req.client, /^evil\?x+$/);
  });
}, { deps: { logger: { level: 'info', stream } } });

test('redactUrl: secret-named values and service secrets go, the rest stays as sent', () => {
  assert.equal(redactUrl('/console/reset-password?token=prt_abc'), '/console/reset-password?token=[redacted]');
  assert.equal(redactUrl('/x?storeId=s1&key=abc&limit=5'), '/x?storeId=s1&key=[redacted]&limit=5');
  assert.equal(redactUrl('/x?q=isk_0123456789'), '/x?q=[redacted]');
  assert.equal(redactUrl('/x?q=isk%5F0123456789'), '/x?q=[redacted]');
  assert.equal(redactUrl('/x?isk_0123456789'), '/x?[redacted]');
  assert.equal(redactUrl('/b/abcdef123?from=mail'), '/b/[redacted]?from=mail');
  assert.equal(redactUrl('/keys/sst_abc/x'), '/keys/[redacted]/x');
  assert.equal(redactUrl('/v1IntegrationProducts?storeId=s1'), '/v1IntegrationProducts?storeId=s1');
  assert.equal(redactUrl('/x?token='), '/x?token=');
  assert.equal(redactUrl('/plain/path'), '/plain/path');
  assert.equal(redactUrl('/x?%E0%A4%A=1&token=%E0%A4%A'), '/x?%E0%A4%A=1&token=[redacted]');
});
