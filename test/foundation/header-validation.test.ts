// Headers schemas that refuse nothing are not compiled (src/http/validation.ts, acceptsEveryHeaderSet):
// which schemas count as such, and that everything else still goes to Ajv.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from 'typebox';
import { integrationHeaders } from '../../src/http/schemas.ts';
import { acceptsEveryHeaderSet } from '../../src/http/validation.ts';

test('the integration headers (optional, documented strings) refuse nothing', () => {
  assert.equal(acceptsEveryHeaderSet(integrationHeaders), true);
  assert.equal(acceptsEveryHeaderSet(Type.Object({ ...integrationHeaders.properties, 'idempotency-key': Type.Optional(Type.String({ title: 'x', examples: ['k'] })) })), true);
  assert.equal(acceptsEveryHeaderSet({ type: 'object', properties: {} }), true);
});

test('a schema with any constraint is compiled as usual', () => {
  const cases: Array<[string, unknown]> = [
    ['a required header', Type.Object({ 'x-api-key': Type.String() })],
    ['a pattern', Type.Object({ 'x-api-key': Type.Optional(Type.String({ pattern: '^isk_' })) })],
    ['a length', Type.Object({ 'x-api-key': Type.Optional(Type.String({ maxLength: 44 })) })],
    ['an enum', Type.Object({ 'x-mode': Type.Optional(Type.Union([Type.Literal('a'), Type.Literal('b')])) })],
    ['a number (coerced)', Type.Object({ 'x-count': Type.Optional(Type.Integer()) })],
    ['a format', Type.Object({ 'x-when': Type.Optional(Type.String({ format: 'date' })) })],
    ['no additional properties', Type.Object({ 'x-api-key': Type.Optional(Type.String()) }, { additionalProperties: false })],
    ['a default', Type.Object({ 'x-api-key': Type.Optional(Type.String({ default: 'k' })) })],
    ['not an object schema', Type.String()],
    ['no properties', { type: 'object' }],
    ['not a schema', null],
  ];
  for (const [label, schema] of cases) assert.equal(acceptsEveryHeaderSet(schema), false, label);
});
