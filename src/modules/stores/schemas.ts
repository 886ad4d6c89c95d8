import { Type } from 'typebox';
import { IsoTimestamp, NonBlank } from '../../http/schemas.ts';
import { pattern } from '../../http/validation.ts';

const CurrencyCode = Type.String(pattern(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code in capitals, e.g. GHS'));

const StoreSlug = Type.String({
  minLength: 2,
  maxLength: 60,
  ...pattern(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lowercase letters and digits, in words joined by single hyphens'),
});

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

export const UserSchema = Type.Object({
  id: Type.String(),
  email: Type.String(),
  name: Type.String(),
  mustChangePassword: Type.Boolean({ description: 'true while the account has the temporary password it was invited with; the console asks for a new one (POST /api/auth/password)' }),
});

const NewPassword = Type.String({ minLength: 10, maxLength: 200, description: 'at least 10 characters' });

export const ChangePasswordBody = Type.Object(
  { currentPassword: Type.String({ minLength: 1, maxLength: 200 }), newPassword: NewPassword },
  { additionalProperties: false },
);

export const PasswordResetBody = Type.Object({ email: Type.String({ minLength: 1, maxLength: 254 }) }, { additionalProperties: false });

export const PasswordResetConfirmBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200, description: 'the token of the emailed link (…/console/reset-password?token=…)' }), newPassword: NewPassword },
  { additionalProperties: false },
);

export const SignupBody = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: 254 }),
    password: Type.String({ minLength: 10, maxLength: 200 }),
    name: NonBlank(120),
    store: Type.Object(
      {
        name: NonBlank(120),
        slug: Type.Optional(StoreSlug),
        currency: Type.Optional(CurrencyCode),
        timezone: Type.Optional(Type.String({ maxLength: 64 })),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

export const SignupResponse = Type.Object({
  ok: Type.Boolean(),
  token: Type.String({ description: 'staff session token (sst_…); send as Authorization: Bearer' }),
  user: UserSchema,
  store: Type.Pick(StoreSchema, ['id', 'slug', 'name', 'currency', 'timezone']),
});

export const LoginBody = Type.Object({ email: Type.String({ maxLength: 254 }), password: Type.String({ maxLength: 200 }) }, { additionalProperties: false });

export const MembershipStore = Type.Object({ id: Type.String(), slug: Type.String(), name: Type.String(), role: RoleEnum });

export const LoginResponse = Type.Object({ ok: Type.Boolean(), token: Type.String(), user: UserSchema, stores: Type.Array(MembershipStore) });

export const UpdateStoreBody = Type.Object(
  {
    name: Type.Optional(NonBlank(120)),
    slug: Type.Optional({ ...StoreSlug, description: 'owner/admin; unique across stores (409 slug-taken). Public blog URLs (/s/{slug}/blog) change with it; the old ones answer 404.' }),
    currency: Type.Optional(CurrencyCode),
    timezone: Type.Optional(Type.String({ maxLength: 64 })),
    notificationsEnabled: Type.Optional(Type.Boolean()),
    settings: Type.Optional(Type.Partial(StoreSettingsSchema, { additionalProperties: false })),
  },
  { minProperties: 1, additionalProperties: false },
);

export const MemberSchema = Type.Object({ userId: Type.String(), email: Type.String(), name: Type.String(), role: RoleEnum, createdAt: IsoTimestamp });

export const AddMemberBody = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: 254, description: 'where the invitation link is mailed' }),
    role: RoleEnum,
    name: Type.Optional({ ...NonBlank(120), description: 'how the inviter knows the person (shown in the member list until they accept and choose their own)' }),
  },
  { additionalProperties: false },
);

export const InvitationSchema = Type.Object({
  invitationId: Type.String(),
  email: Type.String(),
  role: RoleEnum,
  name: Type.Union([Type.String(), Type.Null()]),
  invitedBy: Type.Union([Type.Object({ userId: Type.String(), name: Type.String() }), Type.Null()], { description: 'null when an operator invited (CLI)' }),
  createdAt: IsoTimestamp,
  expiresAt: IsoTimestamp,
  status: Type.Union([Type.Literal('pending'), Type.Literal('expired')], { description: 'expired: the link no longer works; resend to make a new one' }),
});

export const InviteResponse = Type.Object({
  ok: Type.Boolean(),
  invitation: InvitationSchema,
  mailed: Type.Boolean({ description: 'true: the link was mailed to the address (and is not shown here); false: mail is off (no SMTP_URL), pass inviteUrl on yourself' }),
  inviteUrl: Type.Optional(Type.String({ description: 'only when mail is off: the single-use link to give the invitee' })),
});

export const InvitationTokenBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200, description: 'the token of the invitation link (…/console/accept-invite?token=…)' }) },
  { additionalProperties: false },
);

export const InvitationSignupBody = Type.Object(
  { token: InvitationTokenBody.properties.token, name: NonBlank(120), password: NewPassword },
  { additionalProperties: false },
);

export const InvitationPreviewSchema = Type.Object({
  storeName: Type.String(),
  role: RoleEnum,
  email: Type.String({ description: 'the invited address (the account that accepts has it)' }),
  invitedBy: Type.Union([Type.String(), Type.Null()]),
  expiresAt: IsoTimestamp,
});
