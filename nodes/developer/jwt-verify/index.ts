import { decodeProtectedHeader, jwtVerify } from 'jose';
import { z } from 'zod';
import { credential, inlineCredential, type NodeDefinition, signingKey } from '../../../src/engine/node-sdk';

const params = z.object({
  token: z.string().min(1).max(20_000).describe('The JWT (a leading `Bearer ` is ignored).'),
  algorithms: z.array(z.enum(['HS256', 'HS384', 'HS512', 'RS256', 'ES256', 'EdDSA'])).min(1).default(['HS256']).describe('Accepted algorithms (the token\'s `alg` must be one of them; `none` is never accepted).'),
  issuer: z.string().max(500).optional().describe('Required `iss`.'),
  audience: z.string().max(500).optional().describe('Required `aud`.'),
  clock_tolerance_s: z.number().int().min(0).max(600).default(0).describe('Leeway for `exp`/`nbf` in seconds.'),
  credential: inlineCredential('{secret} or {public_key}'),
});

export const developerJwtVerify: NodeDefinition<typeof params> = {
  type: 'developer.jwt_verify',
  version: 1,
  category: 'developer',
  subcategory: 'auth',
  name: 'Verify JWT',
  description: 'Verifies a JSON Web Token\'s signature, expiry, issuer and audience (jose) with the key from the `jwt` credentials slot: `valid` = {payload, header}; `invalid` = {reason, code}.',
  tags: ['jwt', 'auth', 'token', 'verify'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'valid', description: '{payload, header}' }, { name: 'invalid', description: '{reason, code}' }],
  execution: 'local',
  async execute(ctx, { params: p }) {
    const token = p.token.replace(/^Bearer\s+/i, '').trim();
    let alg: string;
    try {
      alg = String(decodeProtectedHeader(token).alg);
    } catch {
      return { output: { invalid: { reason: 'not a JWT', code: 'ERR_JWT_MALFORMED' } } };
    }
    if (!(p.algorithms as string[]).includes(alg)) return { output: { invalid: { reason: `algorithm ${alg} is not accepted`, code: 'ERR_JOSE_ALG_NOT_ALLOWED' } } };
    const key = await signingKey(alg, await credential(ctx, 'jwt', p.credential), 'verify');
    try {
      const { payload, protectedHeader } = await jwtVerify(token, key, {
        algorithms: p.algorithms, issuer: p.issuer, audience: p.audience, clockTolerance: p.clock_tolerance_s,
      });
      return { output: { valid: { payload, header: protectedHeader } } };
    } catch (err) {
      return { output: { invalid: { reason: (err as Error).message, code: (err as { code?: string }).code ?? 'ERR_JWT_INVALID' } } };
    }
  },
};
