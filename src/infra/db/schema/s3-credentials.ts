import type { ColumnType, Selectable } from 'kysely';

export type S3CredentialStatus = 'active' | 'expiring' | 'revoked';

/**
 * An access key of an object-store bucket. The secret is shown once and never stored here; the
 * S3 server's own user store holds it (S3_IAM=versitygw).
 */
export interface S3CredentialsTable {
  access_key_id: string;
  bucket_id: string;
  account_id: string;
  label: string;
  status: S3CredentialStatus;
  created_at: ColumnType<Date, Date | undefined, never>;
  last_used: Date | null;
  /** When an `expiring` key (rotated out with a grace period) stops working. */
  expires_at: Date | null;
  revoked_at: Date | null;
}
export type S3Credential = Selectable<S3CredentialsTable>;
