// The key a `jwt` connection holds, as jose wants it: the HMAC secret (16+ characters) or an
// RSA/EC/Ed25519 key (PKCS#8 or SPKI PEM, or a JWK) — for signing and verifying nodes and the
// connection test alike.
import { importJWK, importPKCS8 } from 'jose';
import { NodeError } from '../../contract/node-error';

export async function signingKey(alg: string, cred: Record<string, unknown>, purpose: 'sign' | 'verify') {
  if (alg.startsWith('HS')) {
    const secret = typeof cred.jwt_secret === 'string' ? cred.jwt_secret : cred.secret;
    if (typeof secret !== 'string' || secret.length < 16) throw new NodeError('missing credential: bind a connection with a `secret` of at least 16 characters to the "jwt" slot', { type: 'missing_credential' });
    return new TextEncoder().encode(secret);
  }
  const field = purpose === 'sign' ? 'private_key' : 'public_key';
  const key = cred[field];
  try {
    if (typeof key === 'string' && key.includes('BEGIN')) {
      if (purpose === 'sign') return await importPKCS8(key, alg);
      const { importSPKI } = await import('jose');
      return await importSPKI(key, alg);
    }
    if (key && typeof key === 'object') return await importJWK(key as Parameters<typeof importJWK>[0], alg);
  } catch (err) {
    throw new NodeError(`the "jwt" credential's ${field} is not a valid ${alg} key: ${(err as Error).message}`, { type: 'invalid_credential' });
  }
  throw new NodeError(`missing credential: bind a connection with a \`${field}\` to the "jwt" slot`, { type: 'missing_credential' });
}
