// The developer category through the shared harness.
import { generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { credentialsFor, harness, main, run, undescribedParams } from '../_lib/harness';

describe('developer nodes', () => {
  it('developer.json_schema_validate routes valid and invalid values (draft-07 and 2020-12)', async () => {
    const schema = { type: 'object', required: ['email', 'age'], properties: { email: { type: 'string', pattern: '@' }, age: { type: 'integer', minimum: 0 } } };
    expect((await run('developer.json_schema_validate', { schema }, { up: { email: 'a@b', age: 3 } })).output).toEqual({ valid: { email: 'a@b', age: 3 } });
    const bad = await run('developer.json_schema_validate', { schema, value: { email: 'nope', age: -1 } });
    expect(bad.output.invalid).toMatchObject({ value: { email: 'nope', age: -1 }, errors: [{ path: '/email', keyword: 'pattern' }, { path: '/age', keyword: 'minimum' }] });
    const s2020 = { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], items: false };
    expect(Object.keys((await run('developer.json_schema_validate', { schema: s2020, value: ['a', 1] })).output)).toEqual(['valid']);
    expect(Object.keys((await run('developer.json_schema_validate', { schema: s2020, value: ['a', 1, 2] })).output)).toEqual(['invalid']);
    await expect(main('developer.json_schema_validate', { schema, value: {}, fail_on_invalid: true })).rejects.toMatchObject({ type: 'validation_failed', message: expect.stringContaining("must have required property 'email'") });
    await expect(main('developer.json_schema_validate', { schema: { type: 'nonsense' }, value: 1 })).rejects.toMatchObject({ type: 'invalid_params' });
  });

  it('developer.text_diff produces a unified diff', async () => {
    const r = (await main('developer.text_diff', { a: 'a\nb\nc\nd', b: 'a\nB\nc\nd\ne', context: 1 })) as Record<string, unknown>;
    expect(r).toMatchObject({ equal: false, added: 2, removed: 1 });
    expect(r.unified).toBe('@@ -1,4 +1,5 @@\n a\n-b\n+B\n c\n d\n+e');
    expect(await main('developer.text_diff', { a: 'x  y', b: ' x y', ignore_whitespace: true })).toMatchObject({ equal: true, unified: '' });
  });

  it('developer.uuid generates v4 and time-ordered v7, and validates', async () => {
    expect(((await main('developer.uuid', {})) as { uuid: string }).uuid).toMatch(/^[0-9a-f-]{36}$/);
    const { uuids } = (await main('developer.uuid', { version: 'v7', count: 50 })) as { uuids: string[] };
    expect(uuids.every((u) => /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab]/.test(u))).toBe(true);
    expect(uuids.map((u) => u.slice(0, 13))).toEqual([...uuids.map((u) => u.slice(0, 13))].sort());
    expect(await main('developer.uuid', { validate: uuids[0] })).toEqual({ valid: true, version: 7 });
    expect(await main('developer.uuid', { validate: 'nope' })).toEqual({ valid: false, version: null });
  });

  it('developer.jwt_sign and jwt_verify round-trip (HS256 from the credential slot, EdDSA keys), rejecting tampering and expiry', async () => {
    const secret = 'a-very-long-shared-secret-123';
    const h = harness({ capabilities: { credentials: credentialsFor({ jwt: { secret } }) } });
    const signed = (await main('developer.jwt_sign', { payload: { role: 'editor' }, subject: 'u1', issuer: 'atelier', expires_in: '15m' }, {}, h)) as { token: string; expires_at: string };
    expect(JSON.stringify(signed)).not.toContain(secret);
    expect(Date.parse(signed.expires_at) - Date.now()).toBeGreaterThan(14 * 60_000);
    const ok = await run('developer.jwt_verify', { token: `Bearer ${signed.token}`, issuer: 'atelier' }, {}, h);
    expect(ok.output.valid).toMatchObject({ payload: { role: 'editor', sub: 'u1', iss: 'atelier' }, header: { alg: 'HS256' } });
    const wrongIss = await run('developer.jwt_verify', { token: signed.token, issuer: 'other' }, {}, h);
    expect(wrongIss.output.invalid).toMatchObject({ code: 'ERR_JWT_CLAIM_VALIDATION_FAILED' });
    const [hd, , sig] = signed.token.split('.');
    const forged = `${hd}.${Buffer.from(JSON.stringify({ role: 'admin' })).toString('base64url')}.${sig}`;
    expect((await run('developer.jwt_verify', { token: forged }, {}, h)).output.invalid).toMatchObject({ code: 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED' });
    expect((await run('developer.jwt_verify', { token: 'garbage' }, {}, h)).output.invalid).toMatchObject({ code: 'ERR_JWT_MALFORMED' });

    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const pk = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const pub = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    // Long enough that a loaded machine cannot expire it between signing and verifying (a 1 s token failed a CI run).
    const ed = (await main('developer.jwt_sign', { payload: { a: 1 }, algorithm: 'EdDSA', expires_in: '10m', credential: { private_key: pk } })) as { token: string };
    expect((await run('developer.jwt_verify', { token: ed.token, algorithms: ['EdDSA'], credential: { public_key: pub } })).output.valid).toMatchObject({ payload: { a: 1 } });
    expect((await run('developer.jwt_verify', { token: ed.token, credential: { secret } })).output.invalid).toMatchObject({ code: 'ERR_JOSE_ALG_NOT_ALLOWED' });
    await expect(main('developer.jwt_sign', { payload: {} })).rejects.toMatchObject({ type: 'missing_credential' });

    // Expiry: a token whose exp passed a minute ago, refused, and accepted within a clock tolerance.
    const expired = await new SignJWT({ a: 1 }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(Math.floor(Date.now() / 1000) - 120).setExpirationTime(Math.floor(Date.now() / 1000) - 60).sign(new TextEncoder().encode(secret));
    expect((await run('developer.jwt_verify', { token: expired }, {}, h)).output.invalid).toMatchObject({ code: 'ERR_JWT_EXPIRED' });
    expect((await run('developer.jwt_verify', { token: expired, clock_tolerance_s: 300 }, {}, h)).output.valid).toMatchObject({ payload: { a: 1 } });
  });

  it('developer.timestamp converts seconds, milliseconds and ISO', async () => {
    expect(await main('developer.timestamp', { value: 1_700_000_000 })).toEqual({ iso: '2023-11-14T22:13:20.000Z', unix: 1_700_000_000, unix_ms: 1_700_000_000_000, rfc2822: 'Tue, 14 Nov 2023 22:13:20 GMT', date: '2023-11-14' });
    expect(await main('developer.timestamp', { value: '1700000000123' })).toMatchObject({ unix_ms: 1_700_000_000_123 });
    expect(await main('developer.timestamp', { value: '2024-02-29T12:00:00+02:00' })).toMatchObject({ iso: '2024-02-29T10:00:00.000Z' });
    await expect(main('developer.timestamp', { value: 'soon' })).rejects.toMatchObject({ type: 'invalid_input' });
  });

  it('developer.assert passes its input or fails listing every failed assertion', async () => {
    expect(await main('developer.assert', { assertions: [{ field: 'status', operator: 'eq', value: 200 }, { field: 'body.items', operator: 'not_empty' }] }, { up: { status: 200, body: { items: [1] } } })).toEqual({ status: 200, body: { items: [1] } });
    await expect(main('developer.assert', { value: { status: 500, body: {} }, assertions: [{ field: 'status', operator: 'eq', value: 200 }, { field: 'body.items', operator: 'not_empty', message: 'no items came back' }] }))
      .rejects.toMatchObject({ type: 'assertion_failed', retryable: false, message: 'assertion failed: expected status eq 200, got 500; no items came back' });
  });

  it('developer.semver parses, compares, bumps and checks ranges', async () => {
    expect(await main('developer.semver', { operation: 'parse', version: 'v1.2.3-rc.1+b5' })).toEqual({ major: 1, minor: 2, patch: 3, prerelease: ['rc', 1], build: 'b5', version: '1.2.3-rc.1' });
    for (const [a, b, r] of [['1.2.3', '1.10.0', -1], ['2.0.0', '2.0.0-rc.1', 1], ['1.0.0-alpha', '1.0.0-alpha.1', -1], ['1.0.0-beta.11', '1.0.0-beta.2', 1], ['1.0.0+x', '1.0.0', 0]] as const) {
      expect(await main('developer.semver', { operation: 'compare', version: a, other: b }), `${a} vs ${b}`).toEqual({ result: r });
    }
    expect(await main('developer.semver', { operation: 'bump', version: '1.2.3', release: 'minor' })).toEqual({ version: '1.3.0' });
    expect(await main('developer.semver', { operation: 'bump', version: '1.2.3-rc.1', release: 'prerelease' })).toEqual({ version: '1.2.3-rc.2' });
    for (const [v, range, ok] of [['1.4.0', '^1.2.0', true], ['2.0.0', '^1.2.0', false], ['0.2.5', '^0.2.1', true], ['0.3.0', '^0.2.1', false], ['1.2.9', '~1.2.3', true], ['1.3.0', '~1.2.3', false], ['1.5.0', '>=1.0.0 <2.0.0', true], ['3.1.0', '1.x || >=3', true], ['2.1.0', '1.x || >=3', false], ['2.0.0-rc.1', '^1.0.0', false], ['9.9.9', '*', true]] as const) {
      expect(await main('developer.semver', { operation: 'satisfies', version: v, range }), `${v} ${range}`).toEqual({ satisfies: ok });
    }
    await expect(main('developer.semver', { operation: 'parse', version: '1.2' })).rejects.toMatchObject({ type: 'invalid_input' });
  });

  it('describes every param', () => {
    for (const t of ['developer.json_schema_validate', 'developer.text_diff', 'developer.uuid', 'developer.jwt_sign', 'developer.jwt_verify', 'developer.timestamp', 'developer.assert', 'developer.semver']) expect(undescribedParams(t), t).toEqual([]);
  });
});
