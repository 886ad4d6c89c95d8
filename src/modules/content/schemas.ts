import { Type } from 'typebox';
import { HttpUrl, IsoTimestamp, NonBlank, Nullable, OptionalHttpUrl } from '../../http/schemas.ts';
import { pattern, withFieldChecks } from '../../http/validation.ts';
import { CONTENT_LIMITS, parseGalleryInput, parsePromoInput, parseVideoInput } from './content-input.ts';

// Unknown fields are refused (CONTRACT §9); content-input.ts's checks join the schema's in one answer.
const strict = { additionalProperties: false } as const;

// content-input.ts checks URLs (a blank optional one means none); the patterns say the same.
const Url = (description: string) => HttpUrl({ description: `${description}; absolute http(s) URL` });
const OptionalUrl = (description: string) => OptionalHttpUrl({ description: `${description}; absolute http(s) URL, or blank for none` });
// content-input.ts parseIsoTimestamp, after trimming: a date and time with a zone; "" is none. The
// pattern gives the form and the ranges; an impossible day (2026-02-30) is refused too.
const TIMESTAMP = /^(?:\s*\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])[Tt](?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:[Zz]|[+-](?:0\d|1[0-4]):[0-5]\d)\s*)?$/;
const Timestamp = (description: string) =>
  Type.String({
    maxLength: 64,
    ...pattern(TIMESTAMP, 'must be an ISO 8601 timestamp with a zone, e.g. 2026-12-01T00:00:00Z'),
    description: `${description}; ISO 8601 timestamp with a zone (Z or ±HH:MM, e.g. 2026-12-01T00:00:00Z), stored in UTC; "" for none`,
  });

// Gallery

export const GalleryItemSchema = Type.Object({
  id: Type.String(),
  url: Type.String(),
  caption: Nullable(Type.String()),
  alt: Nullable(Type.String()),
  isPublished: Type.Boolean(),
  sortOrder: Type.Integer({ description: 'display order, ascending; ties by createdAt' }),
  createdAt: IsoTimestamp,
});

const GalleryFields = {
  url: Url('image URL'),
  caption: Type.Optional(Nullable(Type.String({ maxLength: CONTENT_LIMITS.caption }))),
  alt: Type.Optional(Nullable(Type.String({ maxLength: CONTENT_LIMITS.alt, description: 'alternative text for the image' }))),
  isPublished: Type.Optional(Type.Boolean({ description: 'default true; unpublished entries never reach integrations' })),
  sortOrder: Type.Optional(Type.Integer({ minimum: -CONTENT_LIMITS.sortOrder, maximum: CONTENT_LIMITS.sortOrder, description: 'default 0' })),
};

export const CreateGalleryItemBody = withFieldChecks(Type.Object(GalleryFields, strict), (body) => parseGalleryInput(body).errors);
export const UpdateGalleryItemBody = withFieldChecks(Type.Partial(Type.Object(GalleryFields), { minProperties: 1, ...strict }), (body) => parseGalleryInput(body).errors, {
  partial: true,
});

export const ReorderGalleryBody = Type.Object({
  entryIds: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
    maxItems: 1000,
    description: 'every gallery entry id of the store, each once, in the new display order; sortOrder becomes the position (0, 1, 2…)',
  }),
}, strict);

export const GalleryResponse = Type.Object({
  ok: Type.Boolean(),
  storeId: Type.String(),
  gallery: Type.Array(GalleryItemSchema, { description: 'published entries with a non-empty url, by sortOrder then createdAt' }),
});

// Promo

const PromoProperties = {
  id: Type.String(),
  title: Type.String(),
  subtitle: Nullable(Type.String()),
  body: Nullable(Type.String({ description: 'plain text' })),
  imageUrl: Nullable(Type.String()),
  ctaLabel: Nullable(Type.String({ description: 'call-to-action button label' })),
  ctaUrl: Nullable(Type.String({ description: 'call-to-action link' })),
  startsAt: Nullable(IsoTimestamp),
  endsAt: Nullable(IsoTimestamp),
};

export const PromoSchema = Type.Object(PromoProperties, { description: 'The promo: shown only between startsAt and endsAt' });
export const StaffPromoSchema = Type.Object({ ...PromoProperties, createdAt: IsoTimestamp, updatedAt: IsoTimestamp });

export const PutPromoBody = withFieldChecks(Type.Object({
  title: NonBlank(CONTENT_LIMITS.title),
  subtitle: Type.Optional(Nullable(Type.String({ maxLength: CONTENT_LIMITS.subtitle }))),
  body: Type.Optional(Nullable(Type.String({ maxLength: CONTENT_LIMITS.body }))),
  imageUrl: Type.Optional(Nullable(OptionalUrl('promo image'))),
  ctaLabel: Type.Optional(Nullable(Type.String({ maxLength: CONTENT_LIMITS.ctaLabel }))),
  ctaUrl: Type.Optional(Nullable(OptionalUrl('call-to-action link'))),
  startsAt: Type.Optional(Nullable(Timestamp('first moment the promo shows; null: already'))),
  endsAt: Type.Optional(Nullable(Timestamp('moment the promo stops showing (exclusive), after startsAt; null: never'))),
}, strict), (body) => parsePromoInput(body).errors);

export const PromoResponse = Type.Object({
  ok: Type.Boolean(),
  storeId: Type.String(),
  promo: Type.Union([PromoSchema, Type.Null()], { description: 'the current promo; null when there is none or now is outside its window' }),
});

export const StaffPromoResponse = Type.Object({
  ok: Type.Boolean(),
  promo: Nullable(StaffPromoSchema),
  active: Type.Boolean({ description: 'whether integrations see the promo right now (inside its window)' }),
});

// Videos

const VideoProperties = {
  id: Type.String(),
  title: Type.String(),
  url: Type.String(),
  thumbnailUrl: Nullable(Type.String()),
  provider: Nullable(Type.String({ description: 'youtube, vimeo, … (derived from the URL unless sent)' })),
  publishedAt: Nullable(IsoTimestamp),
};

export const VideoSchema = Type.Object(VideoProperties);
export const StaffVideoSchema = Type.Object({ ...VideoProperties, createdAt: IsoTimestamp });

const VideoFields = {
  title: NonBlank(CONTENT_LIMITS.title),
  url: Url('video page or embed URL'),
  thumbnailUrl: Type.Optional(Nullable(OptionalUrl('thumbnail image'))),
  provider: Type.Optional(Nullable(Type.String({ maxLength: CONTENT_LIMITS.provider, description: 'derived from the URL when absent' }))),
  publishedAt: Type.Optional(Nullable(Timestamp('when the video was published (informational; orders the feed)'))),
};

export const CreateVideoBody = withFieldChecks(Type.Object(VideoFields, strict), (body) => parseVideoInput(body).errors);
export const UpdateVideoBody = withFieldChecks(Type.Partial(Type.Object(VideoFields), { minProperties: 1, ...strict }), (body) => parseVideoInput(body).errors, {
  partial: true,
});

export const VideosResponse = Type.Object({
  ok: Type.Boolean(),
  storeId: Type.String(),
  videos: Type.Array(VideoSchema, { description: 'newest publishedAt first; videos without publishedAt last' }),
});
