import { Type } from 'typebox';
import { IsoTimestamp } from '../../http/schemas.ts';

export const RoleEnum = Type.Union([Type.Literal('owner'), Type.Literal('admin'), Type.Literal('staff')]);

export const StoreSettingsSchema = Type.Object({
  platformFeeBps: Type.Integer({ minimum: 0, maximum: 5000, description: 'platform fee in basis points of the subtotal' }),
  platformFeeFixedMinor: Type.Integer({ minimum: 0, maximum: 100_000_000 }),
  feeBearer: Type.Union([Type.Literal('customer'), Type.Literal('store')]),
});

export const StoreSchema = Type.Object({
  id: Type.String(),
  slug: Type.String(),
  name: Type.String(),
  currency: Type.String(),
  timezone: Type.String(),
  notificationsEnabled: Type.Boolean(),
  settings: StoreSettingsSchema,
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
});

export const UserSchema = Type.Object({ id: Type.String(), email: Type.String(), name: Type.String() });

export const SignupBody = Type.Object({
  email: Type.String({ format: 'email', maxLength: 254 }),
  password: Type.String({ minLength: 10, maxLength: 200 }),
  name: Type.String({ minLength: 1, maxLength: 120 }),
  store: Type.Object({
    name: Type.String({ minLength: 1, maxLength: 120 }),
    slug: Type.Optional(Type.String({ minLength: 2, maxLength: 60, pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' })),
    currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })),
    timezone: Type.Optional(Type.String({ maxLength: 64 })),
  }),
});

export const SignupResponse = Type.Object({
  ok: Type.Boolean(),
  token: Type.String({ description: 'staff session token (sst_…); send as Authorization: Bearer' }),
  user: UserSchema,
  store: Type.Pick(StoreSchema, ['id', 'slug', 'name', 'currency', 'timezone']),
});

export const LoginBody = Type.Object({ email: Type.String({ maxLength: 254 }), password: Type.String({ maxLength: 200 }) });

export const MembershipStore = Type.Object({ id: Type.String(), slug: Type.String(), name: Type.String(), role: RoleEnum });

export const LoginResponse = Type.Object({ ok: Type.Boolean(), token: Type.String(), user: UserSchema, stores: Type.Array(MembershipStore) });

export const UpdateStoreBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
    currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })),
    timezone: Type.Optional(Type.String({ maxLength: 64 })),
    notificationsEnabled: Type.Optional(Type.Boolean()),
    settings: Type.Optional(Type.Partial(StoreSettingsSchema)),
  },
  { minProperties: 1 },
);

export const MemberSchema = Type.Object({ userId: Type.String(), email: Type.String(), name: Type.String(), role: RoleEnum, createdAt: IsoTimestamp });

export const AddMemberBody = Type.Object({
  email: Type.String({ format: 'email', maxLength: 254 }),
  role: RoleEnum,
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
});
