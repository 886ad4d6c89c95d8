import { sql, type Kysely } from 'kysely';
import ct from 'countries-and-timezones';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

// Frozen: never edit a migration that has shipped; add a new one.
// The front desk. Customers are matched by phone in E.164 form made with the store's country
// (`phone_key`: 0207654321, 020 765 4321 and +233207654321 are one customer on a Ghanaian store),
// while `phone` keeps the number as it was entered, for display. Customers gain staff notes, tags
// and a count of no-shows; bookings gain attendance (attended / no-show) and whether staff booked
// them over capacity or outside hours. Existing customers get their key here, with the store's
// country as the service's profile code decides it today (the profile's country, else its time
// zone's); a number libphonenumber cannot read keeps its digits (and a leading +).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('customers').addColumn('phone_key', 'text').execute();
  await db.schema.alterTable('customers').addColumn('notes', 'text').execute();
  await db.schema.alterTable('customers').addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]')).execute();
  await db.schema.alterTable('customers').addColumn('no_show_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('bookings').addColumn('attendance', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('overbooked', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  const stores = await db.selectFrom('stores').select(['id', 'timezone', 'profile']).execute();
  for (const store of stores) {
    const country = countryOf(store.timezone as string, store.profile as string);
    const customers = await db.selectFrom('customers').select(['id', 'phone']).where('store_id', '=', store.id).where('phone', 'is not', null).execute();
    for (const c of customers) {
      await db.updateTable('customers').set({ phone_key: keyOf(c.phone as string, country) }).where('id', '=', c.id).execute();
    }
  }

  await db.schema
    .createIndex('customers_store_phone_key_idx')
    .on('customers')
    .columns(['store_id', 'phone_key', 'created_at', 'id'])
    .where(sql<boolean>`phone_key is not null`)
    .execute();
  await db.schema.dropIndex('customers_store_phone_lookup_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('customers_store_phone_lookup_idx')
    .on('customers')
    .columns(['store_id', 'phone', 'created_at', 'id'])
    .where(sql<boolean>`phone is not null`)
    .execute();
  await db.schema.dropIndex('customers_store_phone_key_idx').execute();
  await db.schema.alterTable('bookings').dropColumn('overbooked').execute();
  await db.schema.alterTable('bookings').dropColumn('attendance').execute();
  await db.schema.alterTable('customers').dropColumn('no_show_count').execute();
  await db.schema.alterTable('customers').dropColumn('tags').execute();
  await db.schema.alterTable('customers').dropColumn('notes').execute();
  await db.schema.alterTable('customers').dropColumn('phone_key').execute();
}

function countryOf(timezone: string, profile: string): string {
  try {
    const country = (JSON.parse(profile) as { country?: unknown }).country;
    if (typeof country === 'string' && country) return country;
  } catch {
    // An unreadable profile: the zone decides.
  }
  return ct.getTimezone(timezone)?.countries[0] ?? 'GH';
}

function keyOf(phone: string, country: string): string | null {
  const parsed = parsePhoneNumberFromString(phone, country as CountryCode);
  if (parsed?.isPossible()) return parsed.number;
  const digits = phone.replace(/\D/g, '');
  return digits ? (phone.trim().startsWith('+') ? '+' : '') + digits : null;
}
