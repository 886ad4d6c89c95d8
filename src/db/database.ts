// The whole schema as Kysely sees it. Each module declares its own tables in `tables.ts`
// beside its code; this type joins them. Columns are snake_case; timestamps are ISO 8601 UTC
// text (sortable, identical on both engines); booleans are 0/1 integers; JSON is text.
import type { StoreTables } from '../modules/stores/tables.ts';
import type { CatalogTables } from '../modules/catalog/tables.ts';
import type { ContentTables } from '../modules/content/tables.ts';
import type { CustomerTables } from '../modules/customers/tables.ts';
import type { BookingTables } from '../modules/bookings/tables.ts';
import type { CheckoutTables } from '../modules/checkout/tables.ts';
import type { EventTables } from '../modules/events/tables.ts';
import type { DeveloperTables } from '../modules/developer/tables.ts';
import type { BlogTables } from '../modules/blog/tables.ts';
import type { MessageTables } from '../modules/messages/tables.ts';
import type { OpsTables } from '../ops/tables.ts';
import type { HttpTables } from '../http/tables.ts';

export interface Database
  extends StoreTables,
    CatalogTables,
    ContentTables,
    CustomerTables,
    BookingTables,
    CheckoutTables,
    EventTables,
    DeveloperTables,
    BlogTables,
    MessageTables,
    OpsTables,
    HttpTables {}
