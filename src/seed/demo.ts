// First run: a demo store seeded through the module services, and its credentials written to
// `<DATA_DIR>/demo-credentials.json` (mode 0600). Idempotent and safe when two instances start at
// once: the demo store's slug and owner email are unique, so only one instance can create it; the
// other sees the conflict and leaves the seeding to the winner.
import { chmodSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import type { AppContext } from '../context.ts';
import { AppError } from '../shared/errors.ts';
import { base62Secret } from '../shared/ids.ts';
import { demoAssetUrl } from './demo-assets.ts';

export const DEMO_STORE_SLUG = 'demo-store';
export const DEMO_OWNER_EMAIL = 'owner@demo-store.example.com';
export const CREDENTIALS_FILE = 'demo-credentials.json';

export interface DemoStore {
  storeId: string;
  storeSlug: string;
  storeName: string;
  /** The owner's user id (blog posts record their author). */
  ownerUserId: string;
  staffEmail: string;
  staffPassword: string;
  integrationKey: string;
  keyId: string;
  keyScopes: string[];
}

export type DemoSeedHook = (ctx: AppContext, demoStore: DemoStore) => Promise<void>;

/**
 * Extra seed steps owned by other modules (the blog adds published posts here). Each runs after
 * the catalog and content are in place; a failing hook is logged and does not stop the others.
 */
export const demoSeedHooks: DemoSeedHook[] = [];

export interface SeedResult {
  seeded: boolean;
  /** Why nothing was seeded (when seeded is false). */
  reason?: 'stores-exist' | 'demo-exists' | 'seeded-by-another-instance';
  credentialsPath: string;
  storeId?: string;
  storeSlug?: string;
}

export function credentialsPath(ctx: AppContext): string {
  return resolve(join(ctx.config.dataDir, CREDENTIALS_FILE));
}

/** Whether the database has any store at all (the first-run test of CONTRACT §1). */
async function hasAnyStore(ctx: AppContext): Promise<boolean> {
  // Operational check across all tenants; no module service answers "is the database empty".
  const row = await sql<{ one: number }>`select 1 as one from stores limit 1`.execute(ctx.db);
  return row.rows.length > 0;
}

function writeCredentials(path: string, demo: DemoStore, publicBaseUrl: string) {
  mkdirSync(resolve(path, '..'), { recursive: true });
  const body = {
    note: 'Demo store credentials written on first run. Keep this file private; delete it once copied.',
    baseUrl: publicBaseUrl,
    storeId: demo.storeId,
    storeSlug: demo.storeSlug,
    storeName: demo.storeName,
    integrationKey: demo.integrationKey,
    keyId: demo.keyId,
    integrationKeyScopes: demo.keyScopes,
    staff: { email: demo.staffEmail, password: demo.staffPassword },
    // The website scopes leave out `developer`: say how to reach /developer/… (webhooks, keys, sync).
    developerAccess:
      'The integration key has the website scopes only, not "developer", so /developer/... routes (webhooks, keys, sync runs) answer 403 with it. ' +
      'Use the staff login instead (POST /api/auth/login with staff.email and staff.password, then Authorization: Bearer <token>), ' +
      `or create a key with that scope: npm run cli -- keys create --store ${demo.storeSlug} --scopes developer`,
    apiDocs: `${publicBaseUrl}/docs`,
    createdAt: new Date().toISOString(),
  };
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, path);
}

const isConflict = (error: unknown) => error instanceof AppError && error.status === 409;

/**
 * Seeds the demo store. `onlyIfEmpty` (first run): only when the database has no store at all.
 * Without it (the `demo` CLI command): whenever the demo store does not exist yet.
 */
export async function seedDemo(ctx: AppContext, options: { onlyIfEmpty: boolean }): Promise<SeedResult> {
  const path = credentialsPath(ctx);
  if (options.onlyIfEmpty && (await hasAnyStore(ctx))) return { seeded: false, reason: 'stores-exist', credentialsPath: path };
  const existing = await ctx.services.stores.findStoreBySlug(DEMO_STORE_SLUG);
  if (existing) return { seeded: false, reason: 'demo-exists', credentialsPath: path, storeId: existing.id, storeSlug: existing.slug };

  const staffPassword = base62Secret(20);
  let created;
  try {
    created = await ctx.services.stores.createStoreWithOwner({
      email: DEMO_OWNER_EMAIL,
      password: staffPassword,
      name: 'Demo Owner',
      store: { name: 'Demo Store', slug: DEMO_STORE_SLUG, currency: 'GHS', timezone: 'Africa/Accra' },
    });
  } catch (error) {
    // Another instance created it between our check and our insert.
    if (isConflict(error)) return { seeded: false, reason: 'seeded-by-another-instance', credentialsPath: path };
    throw error;
  }
  const { store, user } = created;
  // How customers reach the demo store: shown in every message's footer and on the booking pages.
  await ctx.services.stores.updateStore(store.id, {
    contact: { phone: '030 277 0000', whatsapp: '020 765 4321', email: 'hello@demo-store.example', address: '12 Oxford Street, Osu, Accra', mapUrl: 'https://www.openstreetmap.org/#map=17/5.5560/-0.1820' },
    hours: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'].map((day) => ({ day: day as 'mon', start: '08:00', end: day === 'sat' ? '16:00' : '18:00' })),
    reminderMinutes: [1440, 120],
  });
  const { key, secret } = await ctx.services.keys.create(store.id, { name: 'Demo website key' }, `user:${user.id}`);
  const demo: DemoStore = {
    storeId: store.id,
    storeSlug: store.slug,
    storeName: store.name,
    ownerUserId: user.id,
    staffEmail: user.email,
    staffPassword,
    integrationKey: secret,
    keyId: key.keyId,
    keyScopes: key.scopes,
  };
  // Written before the rest of the data so the owner can always log in, even if a later step fails.
  writeCredentials(path, demo, ctx.config.publicBaseUrl);
  await seedContent(ctx, demo);
  for (const hook of demoSeedHooks) {
    try {
      await hook(ctx, demo);
    } catch (err) {
      ctx.log.warn({ err }, 'a demo seed hook failed; the demo store is usable without it');
    }
  }
  return { seeded: true, credentialsPath: path, storeId: store.id, storeSlug: store.slug };
}

/** The demo catalog; pictures are the service's own (`img` gives a /demo-assets/ URL). */
export function demoItems(img: (name: string) => string): Array<Record<string, unknown>> {
  return [
    {
      id: 'shea-body-cream',
      name: 'Shea Butter Body Cream',
      itemType: 'product',
      category: 'Skin care',
      description: 'Unrefined shea butter whipped with coconut oil. 250 ml jar.',
      priceMinor: 4500,
      stockCount: 25,
      imageUrl: img('shea-cream'),
      imageAlt: 'A jar of shea butter cream',
    },
    {
      id: 'african-black-soap',
      name: 'African Black Soap',
      itemType: 'product',
      category: 'Skin care',
      description: 'Traditional plantain-ash soap, 200 g bar.',
      priceMinor: 1800,
      stockCount: 60,
      imageUrl: img('black-soap'),
      imageAlt: 'A bar of dark soap on a wooden board',
    },
    {
      id: 'kente-tote',
      name: 'Kente Tote Bag',
      itemType: 'product',
      category: 'Accessories',
      description: 'Hand-woven kente panels on a canvas tote.',
      priceMinor: 12000,
      stockCount: 8,
      imageUrl: img('kente-tote'),
      imageUrls: [img('kente-tote'), img('kente-tote-back')],
      imageAlt: 'A tote bag with colourful woven stripes',
    },
    {
      id: 'beaded-bracelet',
      name: 'Krobo Beaded Bracelet',
      itemType: 'product',
      category: 'Accessories',
      description: 'Recycled-glass beads made in the Eastern Region.',
      priceMinor: 3500,
      stockCount: 15,
      imageUrl: img('bead-bracelet'),
      imageAlt: 'A bracelet of glass beads',
    },
    {
      id: 'sobolo-mix',
      name: 'Sobolo (Hibiscus) Drink Mix',
      itemType: 'product',
      category: 'Food',
      description: 'Dried hibiscus, ginger and cloves for 2 litres.',
      priceMinor: 3000,
      stockCount: 40,
      imageUrl: img('hibiscus'),
      imageAlt: 'Dried red hibiscus flowers',
    },
    {
      id: 'braiding-appointment',
      name: 'Braiding Appointment',
      itemType: 'service',
      category: 'Hair',
      description: 'Knotless braids, medium length. Bring your own extensions or add them at the studio.',
      priceMinor: 25000,
      imageUrl: img('braids'),
      imageAlt: 'A stylist braiding hair',
      schedule: {
        durationMinutes: 120,
        capacity: 1,
        slotIntervalMinutes: 60,
        bufferMinutes: 15,
        leadTimeMinutes: 120,
        maxAdvanceDays: 60,
        weeklyHours: ['tue', 'wed', 'thu', 'fri', 'sat'].map((day) => ({ day, start: '09:00', end: '17:00' })),
        closedDates: [],
      },
    },
    {
      id: 'skin-consultation',
      name: 'Skin Consultation',
      itemType: 'service',
      category: 'Skin care',
      description: 'A 30-minute one-to-one consultation with a product plan.',
      priceMinor: 8000,
      imageUrl: img('consultation'),
      imageAlt: 'Two people talking at a table',
      schedule: {
        durationMinutes: 30,
        capacity: 2,
        slotIntervalMinutes: 30,
        bufferMinutes: 0,
        leadTimeMinutes: 60,
        maxAdvanceDays: 30,
        weeklyHours: [
          ...['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => ({ day, start: '10:00', end: '13:00' })),
          ...['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => ({ day, start: '14:00', end: '18:00' })),
        ],
        closedDates: [],
      },
    },
    {
      id: 'soap-making-course',
      name: 'Soap Making Course (Saturday morning)',
      itemType: 'course',
      category: 'Workshops',
      description: 'Learn cold-process soap making with shea and palm kernel oil. Materials included.',
      priceMinor: 40000,
      imageUrl: img('soap-course'),
      imageAlt: 'Soap bars cooling in moulds',
      schedule: {
        durationMinutes: 180,
        capacity: 8,
        slotIntervalMinutes: 180,
        bufferMinutes: 0,
        leadTimeMinutes: 24 * 60,
        maxAdvanceDays: 90,
        weeklyHours: [{ day: 'sat', start: '09:00', end: '12:00' }],
        closedDates: [],
      },
    },
    {
      id: 'gift-card-draft',
      name: 'Gift Card (coming soon)',
      itemType: 'product',
      category: 'Gifts',
      description: 'Not published yet: staff see it, partner websites do not.',
      priceMinor: 10000,
      published: false,
    },
  ];
}

async function seedContent(ctx: AppContext, demo: DemoStore) {
  const { catalog, content, customers } = ctx.services;
  const storeId = demo.storeId;
  const base = ctx.config.publicBaseUrl;
  const img = (name: string) => demoAssetUrl(base, name);
  for (const item of demoItems(img)) await catalog.createItem(storeId, item);

  const gallery = [
    { url: img('studio-front'), caption: 'Our studio in Osu', alt: 'A shop front with plants', sortOrder: 1 },
    { url: img('studio-shelves'), caption: 'Everything is made in small batches', alt: 'Shelves of jars and soaps', sortOrder: 2 },
    { url: img('studio-workshop'), caption: 'Saturday soap making class', alt: 'People around a worktable', sortOrder: 3 },
  ];
  for (const entry of gallery) await content.createGalleryItem(storeId, entry);

  // Only what the service does: booking online from live availability (no discount codes).
  await content.putPromo(storeId, {
    title: 'Book your appointment online',
    subtitle: 'Braids, skin consultations and our Saturday soap making course',
    body: 'See the free times for the next weeks and book in a minute, day or night.',
    imageUrl: img('promo-booking'),
    ctaLabel: 'News and tips',
    ctaUrl: `${base}/s/${demo.storeSlug}/blog`,
    startsAt: new Date(Date.now() - 24 * 3600 * 1000).toISOString(),
    endsAt: null,
  });

  const videos = [
    { title: 'How we make our shea butter', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', thumbnailUrl: img('video-shea'), publishedAt: '2026-10-01T10:00:00Z' },
    { title: 'Studio tour', url: 'https://vimeo.com/76979871', thumbnailUrl: img('video-tour'), publishedAt: '2026-09-15T10:00:00Z' },
  ];
  for (const video of videos) await content.createVideo(storeId, video);

  await customers.createCustomer(storeId, { name: 'Ama Mensah', email: 'ama.mensah@example.com', phone: '+233 20 123 4567' });
  await customers.createCustomer(storeId, { name: 'Kofi Boateng', email: 'kofi.boateng@example.com' });
  await seedActivity(ctx, demo);
}

const DEMO_PEOPLE = [
  { name: 'Ama Mensah', phone: '+233 20 123 4567', email: 'ama.mensah@example.com' },
  { name: 'Kofi Boateng', phone: '+233 24 555 0101', email: 'kofi.boateng@example.com' },
  { name: 'Efua Owusu', phone: '+233 27 555 0199', email: 'efua.owusu@example.com' },
  { name: 'Yaw Asante', phone: '+233 50 555 0142', email: 'yaw.asante@example.com' },
];

/**
 * A little activity, so the staff console has something to show from the first start: bookings from
 * the first free slots on (today's when the day still has some), some confirmed, and orders, two paid
 * and one to be paid in cash at pickup. All through the services, as a partner site and its customers would.
 */
async function seedActivity(ctx: AppContext, demo: DemoStore) {
  const { bookings, checkout } = ctx.services;
  const storeId = demo.storeId;
  const now = Date.now();
  let n = 0;
  for (const serviceId of ['skin-consultation', 'braiding-appointment']) {
    const { slots } = await bookings.availability(storeId, { serviceId, from: new Date(now).toISOString(), to: new Date(now + 7 * 86_400_000).toISOString() });
    // The first free slot of each of the next three days that have one.
    const days = [...new Map(slots.map((slot) => [slot.date, slot])).values()].slice(0, 3);
    for (const slot of days) {
      const customer = DEMO_PEOPLE[n++ % DEMO_PEOPLE.length];
      const booking = await bookings.createBooking(storeId, { serviceId, bookingDate: slot.date, bookingTime: slot.time, customer, paymentMethod: 'cash', sourceChannel: 'client_website' });
      if (n % 2 === 1) await bookings.updateBooking(storeId, booking.bookingId, { status: 'confirmed' }, demo.staffEmail);
    }
  }
  const back = `${ctx.config.publicBaseUrl}/s/${demo.storeSlug}/blog`;
  const orders: Array<[string, number, boolean]> = [['shea-body-cream', 2, true], ['kente-tote', 1, true], ['sobolo-mix', 3, false]];
  for (const [itemId, qty, paid] of orders) {
    const customer = DEMO_PEOPLE[n++ % DEMO_PEOPLE.length];
    const { body } = await checkout.create(storeId, {
      storeId, clientOrderId: `demo-${itemId}`, currency: 'GHS', sourceChannel: 'client_website',
      items: [{ type: 'PRODUCT', item_type: 'product', item_id: itemId, qty }],
      customer, returnUrl: back, cancelUrl: back,
      // The unpaid one is paid in cash at pickup: it waits for staff instead of expiring.
      ...(paid ? {} : { paymentMethod: 'cash' }),
    });
    if (paid) await checkout.confirmPayment(body.reference, { amountMinor: body.totalMinor, currency: 'GHS', via: 'demo seed' });
  }
}

/** The `npm start` hook: seed on an empty database when SEED_DEMO is on. Logs the file, never the key. */
export async function seedOnFirstRun(ctx: AppContext): Promise<void> {
  if (!ctx.config.seedDemo) return;
  const result = await seedDemo(ctx, { onlyIfEmpty: true });
  if (result.seeded) {
    ctx.log.info(
      { storeId: result.storeId, storeSlug: result.storeSlug, credentialsFile: result.credentialsPath },
      `demo store seeded; its integration key and staff login are in ${result.credentialsPath} (mode 0600)`,
    );
  } else if (result.reason === 'seeded-by-another-instance') {
    ctx.log.info('another instance is seeding the demo store');
  }
}
