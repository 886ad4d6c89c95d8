import { Type } from 'typebox';
import { HttpUrl, IsoTimestamp, Nullable, OneLineName, OptionalHttpUrl } from '../../http/schemas.ts';
import { pattern, withFieldChecks } from '../../http/validation.ts';
import { DEPOSIT_LIMITS, END_TIME, ITEM_ID_PATTERN, ITEM_ID_RULE, ITEM_LIMITS, itemInputErrors, SCHEDULE_NUMBERS, TIME } from './item-input.ts';

const ItemTypeEnum = Type.Union([Type.Literal('product'), Type.Literal('service'), Type.Literal('course')]);

const bounded = (name: keyof typeof SCHEDULE_NUMBERS, description: string) =>
  Type.Integer({ minimum: SCHEDULE_NUMBERS[name].min, maximum: SCHEDULE_NUMBERS[name].max, description });

export const ScheduleSchema = Type.Object(
  {
    durationMinutes: bounded('durationMinutes', 'length of one booking (default 60)'),
    capacity: bounded('capacity', 'bookings per slot (default 1)'),
    slotIntervalMinutes: bounded('slotIntervalMinutes', 'minutes between slot starts (default 30)'),
    bufferMinutes: bounded('bufferMinutes', 'free minutes kept after each booking'),
    leadTimeMinutes: bounded('leadTimeMinutes', 'how soon a slot can be booked'),
    maxAdvanceDays: bounded('maxAdvanceDays', 'how far ahead a slot can be booked'),
    weeklyHours: Type.Array(
      Type.Object(
        {
          day: Type.Union(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => Type.Literal(d))),
          start: Type.String(pattern(TIME, 'must be a time HH:MM (00:00–23:59)')),
          end: Type.String({ ...pattern(END_TIME, 'must be a time HH:MM (00:00–24:00)'), description: 'after start; 24:00 is the end of the day' }),
        },
        { additionalProperties: false },
      ),
      { maxItems: ITEM_LIMITS.weeklyHours },
    ),
    closedDates: Type.Array(Type.String({ format: 'date' }), { maxItems: ITEM_LIMITS.closedDates }),
    useStoreHours: Type.Optional(
      Type.Boolean({ description: "true: bookable during the store's opening hours (store settings `hours`), not closed on the store's closed dates either; weeklyHours is then ignored" }),
    ),
    deposit: Type.Optional(
      Nullable(
        Type.Union(
          [
            Type.Object({ percent: Type.Integer({ minimum: DEPOSIT_LIMITS.percent.min, maximum: DEPOSIT_LIMITS.percent.max, description: 'a percentage of the price, per seat' }) }, { additionalProperties: false }),
            Type.Object({ amountMinor: Type.Integer({ minimum: DEPOSIT_LIMITS.amountMinor.min, maximum: DEPOSIT_LIMITS.amountMinor.max, description: 'a fixed amount in minor units, per seat' }) }, { additionalProperties: false }),
          ],
          {
            description:
              'A deposit the customer pays online when booking (integration and store page bookings; not front-desk ones). The booking holds its time until the payment page expires (store setting depositHoldMinutes), then is cancelled as deposit_unpaid. null: none',
          },
        ),
      ),
    ),
  },
  { additionalProperties: false, description: 'Booking schedule of a service or course, in the store time zone.' },
);

export const CatalogItemSchema = Type.Object({
  id: Type.String(),
  storeId: Type.String(),
  name: Type.String(),
  category: Nullable(Type.String()),
  description: Nullable(Type.String()),
  price: Type.Number({ description: 'major currency units' }),
  priceMinor: Type.Integer({ description: 'minor currency units' }),
  currency: Type.String(),
  stockCount: Nullable(Type.Integer({ description: 'null when stock is not tracked' })),
  itemType: ItemTypeEnum,
  type: Type.String({ description: 'PRODUCT, SERVICE or COURSE' }),
  imageUrl: Nullable(Type.String()),
  imageUrls: Type.Array(Type.String()),
  imageAlt: Nullable(Type.String()),
  durationMinutes: Nullable(Type.Integer({ description: 'services and courses: length of one booking' })),
  updatedAt: Nullable(IsoTimestamp),
});

export const CatalogResponse = Type.Object({
  ok: Type.Boolean(),
  storeId: Type.String(),
  count: Type.Integer(),
  products: Type.Array(CatalogItemSchema, { description: 'every published item' }),
  publicProducts: Type.Array(CatalogItemSchema, { description: 'published items of itemType product' }),
  publicServices: Type.Array(CatalogItemSchema, { description: 'published items of itemType service' }),
});

export const LegacyCatalogResponse = Type.Object({
  storeId: Type.String(),
  products: Type.Array(
    Type.Object({ id: Type.String(), name: Type.String(), price: Type.Integer({ description: 'minor units' }), currency: Type.String(), updatedAt: IsoTimestamp }),
  ),
});

export const PublicCatalogResponse = Type.Object({
  ok: Type.Boolean(),
  storeId: Type.String(),
  storeName: Type.String(),
  currency: Type.String(),
  count: Type.Integer(),
  products: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      category: Nullable(Type.String()),
      description: Nullable(Type.String()),
      price: Type.Number(),
      priceMinor: Type.Integer(),
      currency: Type.String(),
      itemType: ItemTypeEnum,
      type: Type.String(),
      imageUrl: Nullable(Type.String()),
      imageUrls: Type.Array(Type.String()),
      imageAlt: Nullable(Type.String()),
      inStock: Type.Boolean(),
    }),
  ),
});

export const ItemSchema = Type.Object({
  id: Type.String(),
  storeId: Type.String(),
  name: Type.String(),
  itemType: ItemTypeEnum,
  type: Type.String(),
  category: Nullable(Type.String()),
  description: Nullable(Type.String()),
  price: Type.Number(),
  priceMinor: Type.Integer(),
  currency: Type.String(),
  stockCount: Nullable(Type.Integer()),
  imageUrl: Nullable(Type.String()),
  imageUrls: Type.Array(Type.String()),
  imageAlt: Nullable(Type.String()),
  published: Type.Boolean(),
  schedule: Nullable(ScheduleSchema),
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
});

export const ItemFields = {
  name: OneLineName(ITEM_LIMITS.name),
  itemType: ItemTypeEnum,
  category: Type.Optional(Nullable(Type.String({ maxLength: ITEM_LIMITS.category }))),
  description: Type.Optional(Nullable(Type.String({ maxLength: ITEM_LIMITS.description }))),
  price: Type.Optional(Type.Number({ minimum: 0, maximum: ITEM_LIMITS.price, description: 'major units; or send priceMinor' })),
  priceMinor: Type.Optional(Type.Integer({ minimum: 0, maximum: ITEM_LIMITS.priceMinor })),
  stockCount: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: ITEM_LIMITS.stockCount, description: 'null: stock not tracked' }))),
  imageUrl: Type.Optional(Nullable(OptionalHttpUrl())),
  imageUrls: Type.Optional(Type.Array(HttpUrl(), { maxItems: ITEM_LIMITS.imageUrls })),
  imageAlt: Type.Optional(Nullable(Type.String({ maxLength: ITEM_LIMITS.imageAlt }))),
  published: Type.Optional(Type.Boolean({ description: 'default true' })),
  schedule: Type.Optional(Nullable(Type.Partial(ScheduleSchema, { additionalProperties: false, description: 'services and courses only' }))),
};

/**
 * A new item states its price, in major units (price) or minor units (priceMinor): item-input.ts refuses one with neither.
 * Inside allOf, so generated client types keep the item's own shape (openapi-typescript makes a bare
 * anyOf of required lists `X | unknown`, which is `unknown`).
 */
export const PRICE_REQUIRED = { allOf: [{ anyOf: [{ required: ['price'] }, { required: ['priceMinor'] }] }] };

/** item-input.ts: a schedule (not null) goes with itemType service or course only ("only services and courses have a schedule"). */
export const SCHEDULE_ONLY_BOOKABLE = {
  anyOf: [{ not: { required: ['schedule'], properties: { schedule: {} } } }, { properties: { schedule: { type: 'null' } } }, { required: ['itemType'], properties: { itemType: { enum: ['service', 'course'] } } }],
};

// Unknown fields are refused (CONTRACT §9); item-input.ts's checks join the schema's in one answer.
export const CreateItemBody = withFieldChecks(
  Type.Object(
    { id: Type.Optional(Type.String({ ...pattern(ITEM_ID_PATTERN, ITEM_ID_RULE), description: 'raw item id; generated when absent' })), ...ItemFields },
    { additionalProperties: false, ...PRICE_REQUIRED },
  ),
  itemInputErrors,
);
export const UpdateItemBody = withFieldChecks(Type.Partial(Type.Object(ItemFields), { minProperties: 1, additionalProperties: false }), itemInputErrors, { partial: true });

export const StockAdjustBody = Type.Union(
  [
    Type.Object({ add: Type.Integer({ minimum: -ITEM_LIMITS.stockCount, maximum: ITEM_LIMITS.stockCount, not: { const: 0 }, description: 'received (positive) or removed (negative)' }) }, { additionalProperties: false }),
    Type.Object({ stockCount: Type.Integer({ minimum: 0, maximum: ITEM_LIMITS.stockCount, description: 'the count on the shelf' }) }, { additionalProperties: false }),
  ],
  { description: 'exactly one of add or stockCount' },
);
