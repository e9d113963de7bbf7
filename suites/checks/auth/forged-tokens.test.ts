import { test, expect } from '@playwright/test';
import {
  decodeJwt,
  decodeProtectedHeader,
  generateKeyPair,
  generateSecret,
  jwtVerify,
  SignJWT,
  type CryptoKey,
} from 'jose';
import { HarnessFault } from '../../runtime/harness-fault.ts';
import { signedByAnotherKey, unsecured, withAlteredPayload, withoutSignature } from './forged-tokens.ts';

const claims = { member_identification: 'tkn-1', role: 'manager', iat: 1_700_000_000, exp: 1_700_000_900 };

async function issue(alg: 'EdDSA' | 'HS256'): Promise<{ token: string; verifyKey: CryptoKey | Uint8Array }> {
  const keys =
    alg === 'HS256' ? { privateKey: await generateSecret(alg), publicKey: undefined } : await generateKeyPair(alg);
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg, typ: 'JWT', kid: 'service-key-1' })
    .sign(keys.privateKey);
  return { token, verifyKey: keys.publicKey ?? keys.privateKey };
}

/** Verifies as the service would, at the claims' own time. */
function verify(token: string, key: CryptoKey | Uint8Array) {
  return jwtVerify(token, key, { currentDate: new Date((claims.iat + 1) * 1000) });
}

test('the issued token verifies, so the refusals below are about the forgery alone', async () => {
  const { token, verifyKey } = await issue('EdDSA');
  await expect(verify(token, verifyKey)).resolves.toBeTruthy();
});

test('an altered payload keeps the header and signature, moves the expiry an hour, and no longer verifies', async () => {
  const { token, verifyKey } = await issue('EdDSA');
  const altered = withAlteredPayload(token);
  const [header, , signature] = token.split('.');
  expect(altered.split('.')[0]).toBe(header);
  expect(altered.split('.')[2]).toBe(signature);
  expect(decodeJwt(altered)).toEqual({ ...claims, exp: claims.exp + 3600 });
  await expect(verify(altered, verifyKey)).rejects.toThrow();
});

test('a token without its signature is the first two segments', async () => {
  const { token } = await issue('EdDSA');
  expect(withoutSignature(token)).toBe(token.split('.').slice(0, 2).join('.'));
});

for (const alg of ['EdDSA', 'HS256'] as const) {
  test(`a token signed by another key (${alg}) carries the same header and claims but does not verify with the service’s key`, async () => {
    const { token, verifyKey } = await issue(alg);
    const foreign = await signedByAnotherKey(token);
    expect(decodeProtectedHeader(foreign)).toEqual(decodeProtectedHeader(token));
    expect(decodeJwt(foreign)).toEqual(claims);
    expect(foreign).not.toBe(token);
    await expect(verify(foreign, verifyKey)).rejects.toThrow();
  });
}

test('an unsecured token carries the claims under alg none with an empty signature', async () => {
  const { token } = await issue('EdDSA');
  const forged = unsecured(token);
  expect(decodeProtectedHeader(forged)).toEqual({ alg: 'none' });
  expect(decodeJwt(forged)).toEqual(claims);
  expect(forged.endsWith('.')).toBe(true);
});

test('a token that is not a JWT cannot be forged from: a fault of the harness, not of the target', async () => {
  expect(() => withAlteredPayload('opaque-token')).toThrow(HarnessFault);
  expect(() => unsecured('a.b.c')).toThrow(HarnessFault);
  await expect(signedByAnotherKey('opaque-token')).rejects.toThrow(HarnessFault);
});
