import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Staff calendars. A store's bookable people (a member who signs in, or a profile for someone who
// never does): display name, photo, own weekly hours, time off and the services they perform (JSON
// text: a store has a handful of people, read whole). A booking of a service with performers names
// one of them (staff_id, and the name it had then); one person never has two overlapping bookings,
// whatever the service, so their bookings are read by person and time.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('staff')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('member_id', 'text')
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('photo_url', 'text')
    .addColumn('weekly_hours', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('time_off', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('service_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_store_idx').on('staff').columns(['store_id', 'created_at', 'id']).execute();
  await db.schema.alterTable('bookings').addColumn('staff_id', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('staff_name', 'text').execute();
  await db.schema
    .createIndex('bookings_staff_time_idx')
    .on('bookings')
    .columns(['store_id', 'staff_id', 'start_at', 'end_at'])
    .where(sql<boolean>`staff_id is not null`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('bookings_staff_time_idx').execute();
  await db.schema.alterTable('bookings').dropColumn('staff_name').execute();
  await db.schema.alterTable('bookings').dropColumn('staff_id').execute();
  await db.schema.dropTable('staff').execute();
}
