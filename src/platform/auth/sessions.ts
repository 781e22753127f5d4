import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'atelier';
const AUDIENCE = 'atelier-console';
export const SESSION_TTL_SECONDS = 60 * 60;

export interface SessionClaims {
  accountId: string;
  email?: string;
}

/** A short-lived HS256 JWT for console integrations. */
export async function issueSessionToken(secret: string, claims: SessionClaims, ttlSeconds = SESSION_TTL_SECONDS): Promise<string> {
  return new SignJWT({ email: claims.email, typ: 'session' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.accountId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(new TextEncoder().encode(secret));
}

/** The claims of a valid token, or null for anything expired, forged or malformed. */
export async function verifySessionToken(secret: string, token: string): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
    });
    if (payload.typ !== 'session' || typeof payload.sub !== 'string') return null;
    return { accountId: payload.sub, email: typeof payload.email === 'string' ? payload.email : undefined };
  } catch {
    return null;
  }
}

export function looksLikeJwt(token: string): boolean {
  return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token);
}
