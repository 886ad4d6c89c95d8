// Transactional outbox: emit() writes the event in the caller's transaction, so an event
// exists exactly when the change that caused it committed.
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/sql.ts';
import type { Database } from '../../db/database.ts';
import { newId } from '../../shared/ids.ts';
import { nowIso } from '../../shared/time.ts';

export const EVENT_TYPES = [
  'booking.created',
  'booking.updated',
  'order.created',
  'order.updated',
  'order.paid',
  'order.payment_failed',
  'blog.post.published',
  'blog.post.updated',
  'blog.post.unpublished',
  'catalog.sync.succeeded',
  'catalog.sync.failed',
  'catalog.rolled_back',
  'webhook.test',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export interface EventEnvelope<T = unknown> {
  id: string;
  type: EventType;
  createdAt: string;
  storeId: string;
  data: T;
}

export function createEventsService(_ctx: AppContext) {
  return {
    /** Records an event inside `trx` (pass the transaction of the change). */
    async emit<T>(trx: Executor<Database>, storeId: string, type: EventType, data: T): Promise<EventEnvelope<T>> {
      const envelope: EventEnvelope<T> = { id: newId('evt'), type, createdAt: nowIso(), storeId, data };
      await trx.insertInto('events').values({ id: envelope.id, store_id: storeId, type, payload: JSON.stringify(envelope), created_at: envelope.createdAt }).execute();
      return envelope;
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
