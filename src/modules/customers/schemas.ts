import { Type } from 'typebox';
import { emailPattern, IsoTimestamp, NonBlank, Nullable } from '../../http/schemas.ts';
import { pattern, withFieldChecks } from '../../http/validation.ts';
import { CUSTOMER_LIMITS, EMAIL_EXCLUDED, parseCustomerInput } from './customer-input.ts';

const ADDRESS = emailPattern(EMAIL_EXCLUDED);

/**
 * A customer's email as a front desk enters it with a booking or a sale (customer-input.ts,
 * frontDeskCustomerErrors): an address, surrounding spaces trimmed; blank for none.
 */
export const FrontDeskEmail = Type.String({
  maxLength: CUSTOMER_LIMITS.email,
  ...pattern(new RegExp(`^\\s*(?:${ADDRESS}\\s*)?$`), 'must be an email address'),
  description: 'an email address (surrounding spaces trimmed); blank for none',
});

export const CustomerSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  email: Nullable(Type.String({ description: 'lowercase' })),
  phone: Nullable(Type.String({ description: 'as entered' })),
  phoneE164: Nullable(Type.String({ description: "the phone in E.164 form, read with the store's country (0207654321 → +233207654321); what customers are matched and found by; null when it is not a possible number" })),
  notes: Nullable(Type.String({ description: "staff notes (the store's own, never shown to the customer)" })),
  tags: Type.Array(Type.String(), { description: 'staff tags, e.g. VIP' }),
  noShowCount: Type.Integer({ description: 'bookings marked as a no-show' }),
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
  bookingsCount: Type.Integer(),
  ordersCount: Type.Integer(),
  totalSpent: Type.Number({ description: 'major currency units' }),
  totalSpentMinor: Type.Integer({ description: 'minor currency units' }),
});

export const CustomersQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'page size, 1–100 (default 20)' })),
  cursor: Type.Optional(Type.String({ maxLength: 512, description: 'nextCursor of the previous page' })),
  q: Type.Optional(Type.String({ maxLength: 200, description: "matches name (case-insensitive), email, a tag, or phone in any format of the store's country (0207654321 finds +233207654321)" })),
});

export const IntegrationCustomersQuery = Type.Object({
  storeId: Type.Optional(Type.String({ description: 'store identifier (400 missing-store-id when absent)' })),
  ...CustomersQuery.properties,
});

const customerPage = {
  count: Type.Integer({ description: 'customers on this page' }),
  customers: Type.Array(CustomerSchema, { description: 'newest first' }),
  nextCursor: Nullable(Type.String({ description: 'pass as cursor for the next page; null on the last page' })),
};

export const IntegrationCustomersResponse = Type.Object({ ok: Type.Boolean(), storeId: Type.String(), ...customerPage });
export const StaffCustomersResponse = Type.Object({ ok: Type.Boolean(), ...customerPage });
export const CustomerResponse = Type.Object({ ok: Type.Boolean(), customer: CustomerSchema });

const CustomerFields = {
  name: NonBlank(CUSTOMER_LIMITS.name),
  email: Type.Optional(
    Nullable(
      Type.String({
        maxLength: CUSTOMER_LIMITS.email,
        // parseCustomerInput: "" is none, surrounding spaces are trimmed, spaces alone are refused.
        ...pattern(new RegExp(`^(?:\\s*${ADDRESS}\\s*)?$`), `must be an email address of at most ${CUSTOMER_LIMITS.email} characters, or null`),
        description: 'an email address (surrounding spaces trimmed; stored in lowercase), or "" or null for none; unique within the store (409 conflict)',
      }),
    ),
  ),
  phone: Type.Optional(
    Nullable(Type.String({ maxLength: 40, description: `${CUSTOMER_LIMITS.phoneDigitsMin}–${CUSTOMER_LIMITS.phoneDigitsMax} digits, any format of the store's country; unique within the store (409 conflict)` })),
  ),
  notes: Type.Optional(Nullable(Type.String({ maxLength: CUSTOMER_LIMITS.notes, description: 'staff notes' }))),
  tags: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: CUSTOMER_LIMITS.tag }), { maxItems: CUSTOMER_LIMITS.tags, description: 'staff tags (trimmed, duplicates dropped)' })),
};

// Unknown fields are refused (CONTRACT §9); customer-input.ts's checks join the schema's in one answer.
export const CreateCustomerBody = withFieldChecks(Type.Object(CustomerFields, { additionalProperties: false }), (body) => parseCustomerInput(body).errors);
export const UpdateCustomerBody = withFieldChecks(
  Type.Partial(Type.Object(CustomerFields), { minProperties: 1, additionalProperties: false }),
  (body) => parseCustomerInput(body).errors,
  { partial: true },
);
