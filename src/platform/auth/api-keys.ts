import { createHash, randomBytes } from 'node:crypto';

export const KEY_LENGTH = 48;
export type KeyKind = 'live' | 'test' | 'bucket';
const PREFIXES: Record<KeyKind, string> = { live: 'svc_live_', test: 'svc_test_', bucket: 'svc_bkt_live_' };
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A new secret key: the kind's prefix plus base62 randomness, 48 characters in all. */
export function generateApiKey(kind: KeyKind): string {
  const prefix = PREFIXES[kind];
  const length = KEY_LENGTH - prefix.length;
  let out = '';
  // Rejection sampling keeps every character uniformly likely.
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return prefix + out;
}

export function keyKind(key: string): KeyKind | null {
  if (key.startsWith(PREFIXES.bucket)) return 'bucket';
  if (key.startsWith(PREFIXES.live)) return 'live';
  if (key.startsWith(PREFIXES.test)) return 'test';
  return null;
}

/** Well-formed: a known prefix, 48 characters, base62 after the prefix. */
export function isWellFormedKey(key: string): boolean {
  const kind = keyKind(key);
  if (!kind || key.length !== KEY_LENGTH) return false;
  return /^[A-Za-z0-9]+$/.test(key.slice(PREFIXES[kind].length));
}

/** Keys are 200+ bits of randomness, so a fast hash is enough; only the hash is stored. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The masked form shown in lists: the prefix and first characters, then the last four. */
export function maskApiKey(key: string): string {
  const kind = keyKind(key);
  const head = kind ? PREFIXES[kind].length + 4 : 8;
  return `${key.slice(0, head)}…${key.slice(-4)}`;
}

export function newKeyId(): string {
  return `key_${randomBytes(12).toString('hex')}`;
}
