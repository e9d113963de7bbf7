import { test, expect } from '@playwright/test';
import type { TokenClaims } from './claims.ts';
import { refusal, testNetwork } from '../../test-support/simulator/auth-network.ts';
import { TOKEN_LIFETIME_MS, TokenService } from './tokens.ts';
import { VerifiedTokens } from './verified-tokens.ts';

const bearer = (token: string) => `Bearer ${token}`;

function claims(jti: string, accounts: string[] | '*' = ['main']): TokenClaims {
  return {
    member_identification: 'maker-de',
    role: 'manager',
    accounts,
    allowed_ips: '*',
    endpoints: '*',
    sid: 's',
    session_start: 0,
    refresh_count: 0,
    iat: 0,
    exp: 900,
    jti,
  };
}

test.describe('VerifiedTokens', () => {
  test('keeps at most its capacity, dropping the oldest token first', () => {
    const verified = new VerifiedTokens(2);
    verified.remember('a', claims('a'));
    verified.remember('b', claims('b'));
    verified.remember('c', claims('c'));
    expect(verified.size).toBe(2);
    expect(verified.get('a')).toBeUndefined();
    expect(verified.get('b')?.jti).toBe('b');
    expect(verified.get('c')?.jti).toBe('c');
  });

  test('a token is found only by itself, even beside another that ends alike', () => {
    const verified = new VerifiedTokens(4);
    const signature = 's'.repeat(86);
    verified.remember(`x.${signature}`, claims('x'));
    expect(verified.get(`y.${signature}`)).toBeUndefined();
    verified.remember(`y.${signature}`, claims('y'));
    expect(verified.get(`y.${signature}`)?.jti).toBe('y');
    // The later one took the entry: the earlier is verified again when it comes back, never mistaken.
    expect(verified.get(`x.${signature}`)).toBeUndefined();
    expect(verified.size).toBe(1);
  });

  test('what it keeps cannot be changed, by the caller that gave it or by one that read it', () => {
    const verified = new VerifiedTokens(4);
    const given = claims('a', ['main']);
    verified.remember('a', given);
    (given.accounts as string[]).push('second');
    const kept = verified.get('a');
    expect(kept?.accounts).toEqual(['main']);
    expect(() => (kept?.accounts as string[]).push('second')).toThrow(TypeError);
    expect(() => Object.assign(kept as object, { role: 'administrator' })).toThrow(TypeError);
  });
});

test.describe('TokenService: a token already verified is still judged on every call', () => {
  test('a repeated call gets the same caller as the first', async () => {
    const net = await testNetwork();
    const { token } = await net.tokens.issue({ member_identification: 'maker-de', role: 'viewer', accounts: ['main'] });
    const first = await net.tokens.authenticate(bearer(token));
    const second = await net.tokens.authenticate(bearer(token));
    expect(second).toEqual(first);
    expect(second.member).toBe(net.members.get('maker-de'));
    // Both calls share the grant lists kept for the token, so no call may change them for the next.
    expect(Object.isFrozen(second.accounts)).toBe(true);
  });

  test('blocking, refresh and expiry refuse a token that has authenticated before', async () => {
    const net = await testNetwork();
    const caller = await net.principal({ member_identification: 'maker-de', role: 'manager' });

    net.members.setState('maker-de', 'blocked');
    expect(await refusal(net.tokens.authenticate(bearer(caller.token)))).toBe('AUTH-MEMBER-BLOCKED');
    net.members.setState('maker-de', 'activated');
    await expect(net.tokens.authenticate(bearer(caller.token))).resolves.toMatchObject({ tokenId: caller.tokenId });

    const renewed = await net.tokens.refresh(caller, caller.token);
    expect(await refusal(net.tokens.authenticate(bearer(caller.token)))).toBe('AUTH-REVOKED-TOKEN');
    await net.tokens.authenticate(bearer(renewed.token));

    // Millisecond-exact: the check jose would have made, in whole seconds, is not what decides.
    net.clock.set(renewed.expires_at - 1);
    await expect(net.tokens.authenticate(bearer(renewed.token))).resolves.toMatchObject({
      sessionId: caller.sessionId,
    });
    net.clock.advance(1);
    expect(await refusal(net.tokens.authenticate(bearer(renewed.token)))).toBe('AUTH-EXPIRED-TOKEN');
  });

  test('a tampered copy of a verified token, and a token verified by another service, are AUTH-INVALID-TOKEN', async () => {
    const net = await testNetwork();
    const caller = await net.principal({ member_identification: 'maker-de', role: 'viewer', accounts: ['main'] });
    const [header, payload, signature] = caller.token.split('.') as [string, string, string];
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), role: 'administrator' }),
    ).toString('base64url');
    for (const bad of [
      `${header}.${forged}.${signature}`,
      `${header}.${payload}.${signature.slice(0, -4)}AAAA`,
      `${header}.${payload}`,
    ]) {
      expect(await refusal(net.tokens.authenticate(bearer(bad))), bad).toBe('AUTH-INVALID-TOKEN');
    }

    // What one simulator (or the state before a reset) verified counts for nothing in another.
    const other = await TokenService.create(net.clock, net.members, net.faults);
    const { token } = await other.issue({ member_identification: 'maker-de', role: 'manager' });
    await other.authenticate(bearer(token));
    expect(await refusal(net.tokens.authenticate(bearer(token)))).toBe('AUTH-INVALID-TOKEN');
  });

  test('a token dropped from a full memory is verified again and still works, within its 15 minutes', async () => {
    const net = await testNetwork();
    const { token } = await net.tokens.issue({ member_identification: 'maker-de', role: 'manager' });
    await net.tokens.authenticate(bearer(token));
    for (let i = 0; i < 4100; i += 1) await net.principal({ member_identification: 'tokenizer-us', role: 'viewer' });
    await expect(net.tokens.authenticate(bearer(token))).resolves.toMatchObject({ token });
    net.clock.advance(TOKEN_LIFETIME_MS);
    expect(await refusal(net.tokens.authenticate(bearer(token)))).toBe('AUTH-EXPIRED-TOKEN');
  });
});

test.describe('TokenService.authenticateVerified: the same judgement, without waiting', () => {
  test('answers at once only for "Bearer <token>" of a token verified before', async () => {
    const net = await testNetwork();
    const { token } = await net.tokens.issue({ member_identification: 'maker-de', role: 'viewer', accounts: ['main'] });
    // Not verified yet: the caller must go through authenticate, which checks the signature.
    expect(net.tokens.authenticateVerified(bearer(token))).toBeUndefined();
    const caller = await net.tokens.authenticate(bearer(token));
    expect(net.tokens.authenticateVerified(bearer(token))).toEqual(caller);
    // Other spellings and no header are left to authenticate, which reads and refuses them.
    for (const header of [
      `bearer ${token}`,
      `Bearer  ${token}`,
      `Bearer ${token} `,
      `Bearer ${token}x`,
      '',
      undefined,
    ]) {
      expect(net.tokens.authenticateVerified(header), String(header)).toBeUndefined();
    }
  });

  test('refuses what authenticate refuses, by throwing', async () => {
    const net = await testNetwork();
    const caller = await net.principal({ member_identification: 'maker-de', role: 'manager' });
    net.members.setState('maker-de', 'blocked');
    expect(await refusal(() => net.tokens.authenticateVerified(bearer(caller.token)))).toBe('AUTH-MEMBER-BLOCKED');
    net.members.setState('maker-de', 'activated');
    const renewed = await net.tokens.refresh(caller, caller.token);
    expect(await refusal(() => net.tokens.authenticateVerified(bearer(caller.token)))).toBe('AUTH-REVOKED-TOKEN');
    await net.tokens.authenticate(bearer(renewed.token));
    net.clock.set(renewed.expires_at);
    expect(await refusal(() => net.tokens.authenticateVerified(bearer(renewed.token)))).toBe('AUTH-EXPIRED-TOKEN');
  });
});
