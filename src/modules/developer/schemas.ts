import { Type } from 'typebox';
import { IsoTimestamp, NonBlank, Nullable } from '../../http/schemas.ts';
import { ALL_SCOPES } from './keys-service.ts';

export const DeveloperQuery = Type.Object({ storeId: Type.Optional(Type.String({ description: 'store identifier (required)' })) });

export const KeySchema = Type.Object({
  keyId: Type.String(),
  storeId: Type.String(),
  name: Type.String(),
  scopes: Type.Array(Type.String()),
  prefix: Type.String({ description: 'first characters of the key, to recognise it' }),
  last4: Type.String(),
  createdAt: IsoTimestamp,
  lastUsedAt: Nullable(IsoTimestamp),
  expiresAt: Nullable(IsoTimestamp),
  revokedAt: Nullable(IsoTimestamp),
  createdBy: Nullable(
    Type.String({ description: 'who created the key: key:<keyId> (a key with the developer scope; revoking that key revokes this one), user:<userId> (a staff session), or null (the CLI)' }),
  ),
});

export const CreateKeyBody = Type.Object(
  {
    name: Type.Optional(NonBlank(100)),
    scopes: Type.Optional(Type.Array(Type.Union(ALL_SCOPES.map((s) => Type.Literal(s))), { maxItems: 20, description: 'default: the website set' })),
    expiresAt: Type.Optional(Nullable(Type.String({ description: 'ISO 8601 timestamp in the future' }))),
  },
  { additionalProperties: false },
);
