// The API types the console and the SDK are typed with are generated from the service's own
// OpenAPI document; this fails when a route changed and `npm run generate:api` was not run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { staleTargets, TARGETS } from './generate-api-types.ts';

test('the generated API types match the OpenAPI document (npm run generate:api)', async () => {
  assert.ok(TARGETS.length >= 1);
  assert.deepEqual(await staleTargets(), [], 'stale: run npm run generate:api');
});
