export interface EventRow {
  id: string;
  store_id: string;
  type: string;
  /** JSON text of the full envelope {id, type, createdAt, storeId, data}. */
  payload: string;
  created_at: string;
}

export interface WebhookEndpointRow {
  id: string;
  store_id: string;
  url: string;
  description: string | null;
  /** JSON array text: ["*"] or a list of event types. */
  events: string;
  /** whsec_… (needed in clear to sign; never returned after creation or rotation). */
  secret: string;
  /** The secret the last rotation replaced: deliveries are signed with it too until previous_secret_expires_at. */
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  enabled: number;
  disabled_reason: string | null;
  created_at: string;
  updated_at: string;
}

export type DeliveryStatus = 'pending' | 'retrying' | 'succeeded' | 'failed';

export interface WebhookDeliveryRow {
  id: string;
  store_id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  status: DeliveryStatus;
  /** Attempts made so far, over every round. */
  attempt_count: number;
  /** attempt_count at which the current round ends (schedule_base + the schedule's length). */
  max_attempts: number;
  /** Attempts made before the current retry schedule started: 0, or attempt_count when last redelivered. */
  schedule_base: number;
  redelivery_count: number;
  redelivered_at: string | null;
  next_attempt_at: string | null;
  lease_owner: string | null;
  lease_expires_at: string | null;
  terminal_reason: string | null;
  terminal_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookAttemptRow {
  delivery_id: string;
  attempt: number;
  store_id: string;
  attempted_at: string;
  response_status: number | null;
  duration_ms: number;
  error: string | null;
  response_body_excerpt: string | null;
}

export interface EventTables {
  events: EventRow;
  webhook_endpoints: WebhookEndpointRow;
  webhook_deliveries: WebhookDeliveryRow;
  webhook_attempts: WebhookAttemptRow;
}
