// The rules partner websites follow, as plain functions: no key, no network, safe in a browser bundle.

/**
 * The raw item id the service matches on: a display id `<storeId>_<rawId>` loses its prefix
 * (store ids never contain `_`, so the split is unambiguous). Any other id is returned unchanged.
 */
export function toRawItemId(id: string, storeId: string): string {
  const prefix = `${storeId}_`;
  return storeId && id.startsWith(prefix) && id.length > prefix.length ? id.slice(prefix.length) : id;
}

const CONFIRMED = new Set(['success', 'paid', 'confirmed', 'captured']);
const SYNCING = new Set(['pending', 'pending_payment', 'syncing']);
const FAILED = new Set(['failed', 'payment_failed']);

/**
 * What a website shows for an order status: Confirmed, Syncing or Payment failed for the
 * known values, Syncing when there is none, otherwise the value with underscores as spaces.
 */
export function orderStatusLabel(status: string | null | undefined): string {
  if (!status) return 'Syncing';
  const s = status.toLowerCase();
  if (CONFIRMED.has(s)) return 'Confirmed';
  if (SYNCING.has(s)) return 'Syncing';
  if (FAILED.has(s)) return 'Payment failed';
  return status.replace(/_/g, ' ');
}

interface TypedItem {
  itemType?: string | null;
  type?: string | null;
}

/**
 * The services of a catalog answer: `publicServices` when it is non-empty, else
 * `products`, keeping items whose itemType or type is `service` in any case.
 */
export function listServices<T extends TypedItem>(catalog: { products?: readonly T[] | null; publicServices?: readonly T[] | null }): T[] {
  const source = catalog.publicServices?.length ? catalog.publicServices : (catalog.products ?? []);
  return source.filter((item) => [item.itemType, item.type].some((v) => typeof v === 'string' && v.toLowerCase() === 'service'));
}

/**
 * What can be booked: the catalog's services and courses (`products`, or `publicServices` when
 * products is empty), by itemType or type `service` or `course` in any case. A school site lists
 * its courses here; listServices keeps services only.
 */
export function listBookables<T extends TypedItem>(catalog: { products?: readonly T[] | null; publicServices?: readonly T[] | null }): T[] {
  const source = catalog.products?.length ? catalog.products : (catalog.publicServices ?? []);
  return source.filter((item) => [item.itemType, item.type].some((v) => typeof v === 'string' && /^(service|course)$/i.test(v)));
}

interface GalleryLike {
  url?: string | null;
  isPublished?: boolean | null;
}

/** Gallery entries to show: a non-empty `url` and `isPublished` not false. Takes the array or the `{gallery}` answer. */
export function visibleGallery<T extends GalleryLike>(gallery: readonly T[] | { gallery?: readonly T[] | null } | null | undefined): T[] {
  const entries = Array.isArray(gallery) ? gallery : ((gallery as { gallery?: readonly T[] | null } | null | undefined)?.gallery ?? []);
  return entries.filter((e) => typeof e.url === 'string' && e.url.trim() !== '' && e.isPublished !== false);
}

/** The website-side phone check: 9 to 15 digits once everything that is not a digit is removed. */
export function isValidPhone(phone: unknown): boolean {
  if (typeof phone !== 'string') return false;
  const digits = phone.replace(/\D/g, '').length;
  return digits >= 9 && digits <= 15;
}
