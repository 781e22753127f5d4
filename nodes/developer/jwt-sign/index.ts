import { SignJWT, type JWTPayload } from 'jose';
import { z } from 'zod';
import { credential, inlineCredential, type NodeDefinition, signingKey } from '../../../src/engine/node-sdk';

const params = z.object({
  payload: z.record(z.string(), z.unknown()).default({}).describe('Claims to sign (custom claims plus any registered ones).'),
  algorithm: z.enum(['HS256', 'HS384', 'HS512', 'RS256', 'ES256', 'EdDSA']).default('HS256').describe('Signing algorithm: HS* use the credential\'s `secret`; RS256/ES256/EdDSA its `private_key` (PKCS#8 PEM or a JWK object).'),
  expires_in: z.string().regex(/^\d+\s*[smhdw]$/).default('1h').describe('Lifetime (`30s`, `15m`, `1h`, `7d`, `2w`), set as `exp`.'),
  issuer: z.string().max(500).optional().describe('`iss` claim.'),
  audience: z.string().max(500).optional().describe('`aud` claim.'),
  subject: z.string().max(500).optional().describe('`sub` claim.'),
  key_id: z.string().max(200).optional().describe('`kid` header.'),
  credential: inlineCredential('{secret} or {private_key}'),
});

export const developerJwtSign: NodeDefinition<typeof params> = {
  type: 'developer.jwt_sign',
  version: 1,
  category: 'developer',
  subcategory: 'auth',
  name: 'Sign JWT',
  description: 'Signs a JSON Web Token (jose) with the key from the `jwt` credentials slot: HMAC secret or an RSA/EC/Ed25519 private key. `main` = {token, expires_at}. The key never appears in outputs or logs.',
  tags: ['jwt', 'auth', 'token', 'sign'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{token, expires_at}' }],
  execution: 'local',
  async execute(ctx, { params: p }) {
    const key = await signingKey(p.algorithm, await credential(ctx, 'jwt', p.credential), 'sign');
    const jwt = new SignJWT(p.payload as JWTPayload).setProtectedHeader({ alg: p.algorithm, typ: 'JWT', ...(p.key_id ? { kid: p.key_id } : {}) }).setIssuedAt().setExpirationTime(p.expires_in.replace(/\s+/g, ''));
    if (p.issuer) jwt.setIssuer(p.issuer);
    if (p.audience) jwt.setAudience(p.audience);
    if (p.subject) jwt.setSubject(p.subject);
    const token = await jwt.sign(key);
    const exp = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number };
    return { output: { main: { token, expires_at: new Date(exp.exp * 1000).toISOString() } } };
  },
};
