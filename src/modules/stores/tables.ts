export interface StoreRow {
  id: string;
  slug: string;
  name: string;
  currency: string;
  timezone: string;
  notifications_enabled: number;
  /** JSON text of StoreSettings. */
  settings: string;
  created_at: string;
  updated_at: string;
}

export interface UserRow {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  created_at: string;
}

export interface MembershipRow {
  store_id: string;
  user_id: string;
  role: 'owner' | 'admin' | 'staff';
  created_at: string;
}

export interface SessionRow {
  id: string;
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
}

export interface LoginFailureRow {
  subject: string;
  failed_at: string;
}

export interface ApiKeyRow {
  id: string;
  store_id: string;
  name: string;
  /** JSON array of scope strings. */
  scopes: string;
  prefix: string;
  last4: string;
  secret_hash: string;
  created_by: string | null;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
}

export interface StoreTables {
  stores: StoreRow;
  users: UserRow;
  memberships: MembershipRow;
  sessions: SessionRow;
  login_failures: LoginFailureRow;
  api_keys: ApiKeyRow;
}
