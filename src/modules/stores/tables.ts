export interface StoreRow {
  id: string;
  slug: string;
  name: string;
  currency: string;
  timezone: string;
  notifications_enabled: number;
  /** JSON text of StoreSettings. */
  settings: string;
  /** JSON text of the profile fields the store set (profile.ts fills in the rest). */
  profile: string;
  created_at: string;
  updated_at: string;
}

export interface UserRow {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  /** 1 while the account has the temporary password it was invited with. */
  must_change_password: number;
  created_at: string;
}

/** A password-reset link: single use, valid until expires_at. The token itself is never stored. */
export interface PasswordResetRow {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface MembershipRow {
  store_id: string;
  user_id: string;
  role: 'owner' | 'admin' | 'staff';
  created_at: string;
  /** JSON text of the store alerts the member chose; null: the role's default. */
  notifications?: string | null;
}

/** A staff invitation: a single-use link valid until expires_at; the token itself is never stored. */
export interface InvitationRow {
  id: string;
  store_id: string;
  email: string;
  role: 'owner' | 'admin' | 'staff';
  name: string | null;
  token_hash: string;
  /** The member who invited; null when an operator did (CLI). */
  invited_by: string | null;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  accepted_by: string | null;
  /** Withdrawn by a member, or replaced by a resent invitation. */
  withdrawn_at: string | null;
}

export interface SessionRow {
  id: string;
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
}

/** One login-throttle counter: an account, a source address, or the pair (subject is a hash). */
export interface LoginThrottleRow {
  subject: string;
  failures: number;
  last_failure_at: string;
  /** Attempts that this counter governs are refused until then. */
  blocked_until: string | null;
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
  password_resets: PasswordResetRow;
  invitations: InvitationRow;
  login_throttle: LoginThrottleRow;
  api_keys: ApiKeyRow;
}
