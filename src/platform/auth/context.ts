import type { ApiKey } from '../../infra/db/schema/index';

/** Who is calling. Set by `authenticate` on every authenticated request. */
export interface AuthContext {
  accountId: string;
  via: 'api_key' | 'session';
  /** The key row when `via === 'api_key'`. */
  key: ApiKey | null;
  /** The console user's e-mail a session token names (`via === 'session'`), when it names one. */
  email?: string;
  /** Sandbox (`svc_test_`) keys get mock responses and are never charged. */
  sandbox: boolean;
  /**
   * What the tier depends on, read with the credential in the same query, so resolving the tier
   * costs no extra round trip. A snapshot as of authentication.
   */
  account?: { balanceMicros: number; lifetimeSpendMicros: number; tierOverride: string | null; status: string };
}
