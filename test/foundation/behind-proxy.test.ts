// Behind a TLS-terminating load balancer (TRUST_PROXY=true): the session cookie is Secure when the
// request came over https (X-Forwarded-Proto), HSTS is sent only over https, and the CSRF origin
// check never trusts X-Forwarded-Host.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Fastify from 'fastify';
import type { AppContext } from '../../src/context.ts';
import { sessionCookieOptions } from '../../src/http/auth.ts';
import { SESSION_TTL_SECONDS } from '../../src/modules/stores/service.ts';
import { describeEachDb, expectError, type TestEnv, type TestStore } from '../helpers/app.ts';

/** sessionCookieOptions as a route of a bare Fastify sees it, for one request. */
async function cookieOptionsFor(trustProxy: boolean, publicBaseUrl: string, headers: Record<string, string>) {
  const app = Fastify({ trustProxy });
  const ctx = { config: { publicBaseUrl } } as AppContext;
  app.get('/', (request) => sessionCookieOptions(ctx, request));
  try {
    return (await app.inject({ method: 'GET', url: '/', headers })).json();
  } finally {
    await app.close();
  }
}

test('session cookie options: Secure when the request is https (X-Forwarded-Proto only with trust proxy) or PUBLIC_BASE_URL is https', async () => {
  const https = { 'x-forwarded-proto': 'https' };
  assert.deepEqual(await cookieOptionsFor(true, 'http://localhost:3000', https), { httpOnly: true, sameSite: 'lax', path: '/', secure: true, maxAge: SESSION_TTL_SECONDS });
  assert.equal((await cookieOptionsFor(true, 'http://localhost:3000', { 'x-forwarded-proto': 'http, https' })).secure, true, 'the proxy nearest the service decides');
  assert.equal((await cookieOptionsFor(false, 'http://localhost:3000', https)).secure, false, 'without trust proxy the header is anyone\'s to send');
  assert.equal((await cookieOptionsFor(true, 'http://localhost:3000', {})).secure, false);
  assert.equal((await cookieOptionsFor(false, 'https://shop.example', {})).secure, true);
});

const login = (env: TestEnv, store: TestStore, headers: Record<string, string>) =>
  env.inject({ method: 'POST', url: '/api/auth/login', headers, payload: { email: store.email, password: store.password } });
const sessionCookie = (setCookie: string | string[] | undefined) => [setCookie ?? []].flat().find((c) => c.startsWith('sis_session='));

describeEachDb('behind a proxy (TRUST_PROXY=true, PUBLIC_BASE_URL http)', (env) => {
  test('HSTS is sent when the request came over https (X-Forwarded-Proto), not over plain http', async () => {
    const overHttps = await env.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    assert.equal(overHttps.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains');
    const overHttp = await env.inject({ method: 'GET', url: '/healthz' });
    assert.equal(overHttp.headers['strict-transport-security'], undefined);
    assert.equal(overHttp.headers['x-content-type-options'], 'nosniff', 'the other security headers stay');
    const error = await env.inject({ method: 'GET', url: '/no/such/path', headers: { 'x-forwarded-proto': 'https' } });
    assert.equal(error.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains');
  });

  test('a cookie write whose Origin is a forged X-Forwarded-Host is 403 forbidden; PUBLIC_BASE_URL\'s origin is served', async () => {
    const store = await env.createStore();
    const rename = (headers: Record<string, string>) =>
      env.inject({ method: 'PATCH', url: `/api/stores/${store.storeId}`, cookies: { sis_session: store.token }, headers, payload: { name: 'Renamed' } });
    expectError(await rename({ 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', origin: 'https://evil.example' }), 403, 'forbidden');
    expectError(await rename({ 'x-forwarded-host': 'evil.example', origin: 'http://evil.example' }), 403, 'forbidden');
    expectError(await rename({ 'x-forwarded-host': 'evil.example', referer: 'http://evil.example/page' }), 403, 'forbidden');
    const own = await rename({ 'x-forwarded-host': 'evil.example', origin: 'http://localhost:3000' });
    assert.equal(own.statusCode, 200, own.body);
  });

  // Passes once POST /api/auth/signup and /login set the cookie with sessionCookieOptions (src/modules/stores/routes.ts).
  test('the session cookie is Secure when the login came over https (X-Forwarded-Proto), not over plain http', async () => {
    const store = await env.createStore();
    const overHttps = sessionCookie((await login(env, store, { 'x-forwarded-proto': 'https' })).headers['set-cookie']);
    assert.match(overHttps ?? '', /; Secure/i);
    assert.match(overHttps ?? '', /HttpOnly/i);
    const overHttp = sessionCookie((await login(env, store, {})).headers['set-cookie']);
    assert.ok(overHttp, 'a cookie is set');
    assert.doesNotMatch(overHttp, /; Secure/i);
  });
}, { env: { TRUST_PROXY: 'true' } });

describeEachDb('not behind a proxy (TRUST_PROXY off, PUBLIC_BASE_URL http)', (env) => {
  test('X-Forwarded-Proto is ignored: no HSTS, and the session cookie is not Secure', async () => {
    const res = await env.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    assert.equal(res.headers['strict-transport-security'], undefined);
    const store = await env.createStore();
    const cookie = sessionCookie((await login(env, store, { 'x-forwarded-proto': 'https' })).headers['set-cookie']);
    assert.ok(cookie, 'a cookie is set');
    assert.doesNotMatch(cookie, /; Secure/i);
  });
});
