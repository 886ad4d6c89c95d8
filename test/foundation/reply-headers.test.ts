// The reply's own header object (src/http/prepared-reply.ts, ownReplyHeaders): the security-headers and
// rate-limit hooks and the prepared replies write into it. On the Fastify in use it must be found (a
// Fastify upgrade that moves it would otherwise make every request slower without a word), and headers
// written into it go out as reply.header() would send them; without it, the callers fall back to
// reply.header() and reply.getHeaders().
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Fastify, { type FastifyReply } from 'fastify';
import { ownReplyHeaders } from '../../src/http/prepared-reply.ts';

test('the reply\'s own header object is found, and what is written into it is sent like reply.header()', async () => {
  const app = Fastify();
  let found: boolean | null = null;
  app.addHook('onRequest', (_request, reply, done) => {
    const own = ownReplyHeaders(reply);
    found = own !== null;
    if (own) own['x-written-directly'] = 'yes';
    reply.header('X-Through-Header', 'also');
    done();
  });
  app.get('/', (_request, reply) => {
    assert.equal(reply.getHeader('x-written-directly'), 'yes', 'reply.getHeader sees it');
    assert.equal(reply.hasHeader('x-through-header'), true);
    reply.header('x-written-directly', 'replaced by the route');
    return { ok: true };
  });
  try {
    const res = await app.inject({ method: 'GET', url: '/' });
    assert.equal(found, true, 'Fastify keeps its reply headers where ownReplyHeaders looks (fastify/lib/symbols.js kReplyHeaders)');
    assert.equal(res.headers['x-written-directly'], 'replaced by the route');
    assert.equal(res.headers['x-through-header'], 'also');
    const names = Object.keys(res.headers);
    assert.ok(names.indexOf('x-written-directly') < names.indexOf('x-through-header'), 'in the order they were set');
  } finally {
    await app.close();
  }
});

test('a reply without that object gets null (the callers then use reply.header())', () => {
  const reply = { header() {}, getHeaders: () => ({}) } as unknown as FastifyReply;
  assert.equal(ownReplyHeaders(reply), null);
});
