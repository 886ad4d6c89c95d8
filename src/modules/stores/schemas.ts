import { Type } from 'typebox';
import { emailPattern, IsoTimestamp, NonBlank, OneLineName, OptionalHttpUrl } from '../../http/schemas.ts';
import { pattern } from '../../http/validation.ts';
import { ScheduleSchema } from '../catalog/schemas.ts';
import { PROFILE_LIMITS } from './profile.ts';

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

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const StoreContactSchema = Type.Object(
  {
    phone: Nullable(Type.String({ maxLength: PROFILE_LIMITS.contactText, description: 'as dialled in the store\'s country, or with +country code; shown as entered, called as E.164' })),
    whatsapp: Nullable(Type.String({ maxLength: PROFILE_LIMITS.contactText, description: 'the WhatsApp number; messages and pages link to it (wa.me)' })),
    email: Nullable(Type.String({ maxLength: 254, description: 'Reply-To of every customer message' })),
    address: Nullable(Type.String({ maxLength: PROFILE_LIMITS.address })),
    mapUrl: Nullable(Type.String({ maxLength: 2000, description: 'an http(s) link to the store on a map' })),
  },
  { additionalProperties: false },
);

/** Contact fields as a change sets them (profile.ts profilePatchErrors): "" or null clears one. */
const StoreContactInput = Type.Object(
  {
    ...StoreContactSchema.properties,
    email: Nullable(
      Type.String({
        maxLength: 254,
        ...pattern(new RegExp(`^(?:${emailPattern('')})?$`), 'must be an email address'),
        description: 'Reply-To of every customer message: an email address (no surrounding spaces), or ""',
      }),
    ),
    mapUrl: Nullable(OptionalHttpUrl({ maxLength: 2000, description: 'an http(s) link to the store on a map, or blank' })),
  },
  { additionalProperties: false },
);

const ReminderOffsets = Type.Array(
  Type.Integer({ minimum: PROFILE_LIMITS.reminderMinutes.min, maximum: PROFILE_LIMITS.reminderMinutes.max }),
  { maxItems: PROFILE_LIMITS.reminderMinutes.count, uniqueItems: true, description: 'reminder mails this many minutes before a booking starts (15 min to 7 days, at most 4); [] turns reminders off. Default [1440]' },
);

/** The profile fields of a store (CONTRACT: "Store profile"), with their defaults filled in. */
export const StoreProfileFields = {
  contact: StoreContactSchema,
  country: Type.String({ minLength: 2, maxLength: 2, description: 'ISO 3166 alpha-2; defaults to the time zone\'s country (GH for Africa/Accra). Phone numbers are read in it.' }),
  locale: Type.String({ maxLength: 35, description: 'BCP 47 tag messages and pages are written in (dates, times, money); default en-<country> where known, else en-GB' }),
  hours: { ...ScheduleSchema.properties.weeklyHours, description: 'opening hours, in the store time zone (shown to customers)' },
  closedDates: ScheduleSchema.properties.closedDates,
  cancellationCutoffMinutes: Type.Integer({ minimum: 0, maximum: PROFILE_LIMITS.cancellationCutoffMinutes, description: 'customers may cancel or move a booking through its manage link until this many minutes before it starts (default 120)' }),
  reminderMinutes: ReminderOffsets,
  storePageEnabled: Type.Boolean({ description: 'whether the hosted store page (/s/{slug}) and its booking flow (/s/{slug}/book) are open to customers (default true); off, both answer 404' }),
  depositHoldMinutes: Type.Integer({
    minimum: PROFILE_LIMITS.depositHoldMinutes.min,
    maximum: PROFILE_LIMITS.depositHoldMinutes.max,
    description: 'how long a booking for a service that asks a deposit holds its time while the deposit is unpaid (default 30); then it is cancelled (reason deposit_unpaid) and the time is free again',
  }),
};

export const StoreSchema = Type.Object({
  id: Type.String(),
  slug: Type.String(),
  name: Type.String(),
  currency: Type.String(),
  timezone: Type.String(),
  notificationsEnabled: Type.Boolean({ description: 'false: customers get no messages from the store' }),
  settings: StoreSettingsSchema,
  ...StoreProfileFields,
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
        name: OneLineName(120),
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
    name: Type.Optional(OneLineName(120)),
    slug: Type.Optional({ ...StoreSlug, description: 'owner/admin; unique across stores (409 slug-taken). Public blog URLs (/s/{slug}/blog) change with it; the old ones answer 404.' }),
    currency: Type.Optional(CurrencyCode),
    timezone: Type.Optional(Type.String({ maxLength: 64 })),
    notificationsEnabled: Type.Optional(Type.Boolean()),
    settings: Type.Optional(Type.Partial(StoreSettingsSchema, { additionalProperties: false })),
    contact: Type.Optional(Type.Partial(StoreContactInput, { additionalProperties: false, description: 'the fields given are set (null or "" clears one); the others stay' })),
    country: Type.Optional(StoreProfileFields.country),
    locale: Type.Optional(StoreProfileFields.locale),
    hours: Type.Optional(StoreProfileFields.hours),
    closedDates: Type.Optional(StoreProfileFields.closedDates),
    cancellationCutoffMinutes: Type.Optional(StoreProfileFields.cancellationCutoffMinutes),
    reminderMinutes: Type.Optional(StoreProfileFields.reminderMinutes),
    storePageEnabled: Type.Optional(StoreProfileFields.storePageEnabled),
    depositHoldMinutes: Type.Optional(StoreProfileFields.depositHoldMinutes),
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

export const PublicStoreSchema = Type.Object(
  {
    id: Type.String(),
    slug: Type.String(),
    name: Type.String(),
    currency: Type.String(),
    timezone: Type.String(),
    country: StoreProfileFields.country,
    locale: StoreProfileFields.locale,
    contact: StoreContactSchema,
    hours: StoreProfileFields.hours,
    closedDates: StoreProfileFields.closedDates,
    storePageUrl: Type.Union([Type.String(), Type.Null()], { description: 'the store\'s hosted page for customers, when it has one' }),
    blogUrl: Type.String({ description: 'the store\'s public blog' }),
    bookingRules: Type.Object({ cancellationCutoffMinutes: StoreProfileFields.cancellationCutoffMinutes }),
    staff: Type.Array(
      Type.Object({ id: Type.String(), displayName: Type.String(), photoUrl: Type.Union([Type.String(), Type.Null()]), serviceIds: Type.Array(Type.String()) }),
      { description: 'bookable staff (a website can offer "any stylist" or a named one); empty while the store books by capacity' },
    ),
  },
  { description: 'What a website shows of the store: name, contact, hours, booking rules' },
);
