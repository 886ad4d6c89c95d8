import { Type } from 'typebox';
import { IsoTimestamp, Nullable } from '../../http/schemas.ts';

const ItemTypeEnum = Type.Union([Type.Literal('product'), Type.Literal('service'), Type.Literal('course')]);

export const ScheduleSchema = Type.Object(
  {
    durationMinutes: Type.Integer({ minimum: 5, maximum: 1440, description: 'length of one booking (default 60)' }),
    capacity: Type.Integer({ minimum: 1, description: 'bookings per slot (default 1)' }),
    slotIntervalMinutes: Type.Integer({ minimum: 5, description: 'minutes between slot starts; defaults to the duration' }),
    bufferMinutes: Type.Integer({ minimum: 0, description: 'free minutes kept after each booking' }),
    leadTimeMinutes: Type.Integer({ minimum: 0, description: 'how soon a slot can be booked' }),
    maxAdvanceDays: Type.Integer({ minimum: 1, description: 'how far ahead a slot can be booked' }),
    weeklyHours: Type.Array(
      Type.Object({
        day: Type.Union(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => Type.Literal(d))),
        start: Type.String({ pattern: '^\\d{2}:\\d{2}$' }),
        end: Type.String({ pattern: '^\\d{2}:\\d{2}$' }),
      }),
    ),
    closedDates: Type.Array(Type.String({ format: 'date' })),
  },
  { description: 'Booking schedule of a service or course, in the store time zone (CONTRACT §4).' },
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

const ItemFields = {
  name: Type.String({ minLength: 1, maxLength: 200 }),
  itemType: ItemTypeEnum,
  category: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  description: Type.Optional(Nullable(Type.String({ maxLength: 5000 }))),
  price: Type.Optional(Type.Number({ minimum: 0, description: 'major units; or send priceMinor' })),
  priceMinor: Type.Optional(Type.Integer({ minimum: 0 })),
  stockCount: Type.Optional(Nullable(Type.Integer({ minimum: 0 }))),
  imageUrl: Type.Optional(Nullable(Type.String({ maxLength: 2048 }))),
  imageUrls: Type.Optional(Type.Array(Type.String({ maxLength: 2048 }), { maxItems: 20 })),
  imageAlt: Type.Optional(Nullable(Type.String({ maxLength: 300 }))),
  published: Type.Optional(Type.Boolean({ description: 'default true' })),
  schedule: Type.Optional(Nullable(Type.Partial(ScheduleSchema))),
};

export const CreateItemBody = Type.Object({ id: Type.Optional(Type.String({ maxLength: 100, description: 'raw item id; generated when absent' })), ...ItemFields });
export const UpdateItemBody = Type.Partial(Type.Object(ItemFields), { minProperties: 1 });
