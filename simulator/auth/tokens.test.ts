import { test, expect } from '@playwright/test';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { SimClock } from '../clock.ts';
import { FaultSwitch } from '../faults/catalogue.ts';
import { MemberRegistry } from '../members/registry.ts';
import { refusal, T0, testNetwork } from '../../test-support/simulator/auth-network.ts';
import {
  SESSION_LIFETIME_MS,
  TOKEN_LIFETIME_MS,
  TokenRequestRejected,
  TokenService,
  type IssuedToken,
} from './tokens.ts';

const bearer = (token: string) => `Bearer ${token}`;

test.describe('TokenService: issue and authenticate', () => {
  test('a token authenticates as its member with the grants it was issued with', async () => {
    const net = await testNetwork();
    const issued = await net.tokens.issue({
      member_identification: 'maker-de',
      role: 'manager',
      accounts: ['trading'],
      allowed_ips: ['::ffff:10.0.0.7', '2001:DB8::0:1'],
      endpoints: ['GET /client/v1/api/digital-accounts'],
    });
    expect(issued.expires_at).toBe(T0 + TOKEN_LIFETIME_MS);
    expect(issued.session_expires_at).toBe(T0 + SESSION_LIFETIME_MS);

    const caller = await net.tokens.authenticate(bearer(issued.token));
    expect(caller.member).toBe(net.members.get('maker-de'));
    expect(caller).toMatchObject({
      role: 'manager',
      accounts: ['trading'],
      allowedIps: ['10.0.0.7', '2001:db8::1'],
      endpoints: ['GET /client/v1/api/digital-accounts'],
      token: issued.token,
    });

    expect(decodeProtectedHeader(issued.token).alg).toBe('EdDSA');
    const claims = decodeJwt(issued.token);
    expect(claims).toMatchObject({
      member_identification: 'maker-de',
      sid: caller.sessionId,
      jti: caller.tokenId,
      session_start: T0,
      refresh_count: 0,
    });
    expect(claims.exp).toBe((T0 + TOKEN_LIFETIME_MS) / 1000);
  });

  test('lists left out grant everything; each issue starts its own session', async () => {
    const net = await testNetwork();
    const first = await net.principal({ member_identification: 'tokenizer-us', role: 'viewer' });
    const second = await net.principal({ member_identification: 'tokenizer-us', role: 'viewer' });
    expect(first).toMatchObject({ accounts: '*', allowedIps: '*', endpoints: '*' });
    expect(first.sessionId).not.toBe(second.sessionId);
  });

  test('a bad request is refused with every problem listed', async () => {
    const net = await testNetwork();
    const rejection = await net.tokens
      .issue({
        member_identification: 'maker-de',
        role: 'owner' as 'manager',
        accounts: ['main', 'savings'],
        allowed_ips: ['10.0.0.300'],
        endpoints: [
          'GET /client/v1/api/members/{member_identification}',
          'members',
          'PUT /client/v1/api/members',
          'GET /client/v2/api/members',
        ],
      })
      .catch((error: unknown) => error);
    expect(rejection).toBeInstanceOf(TokenRequestRejected);
    const problems = (rejection as TokenRequestRejected).problems;
    expect(problems).toHaveLength(6);
    expect(problems.join('\n')).toContain('role must be one of viewer, manager, administrator');
    expect(problems.join('\n')).toContain('no account "savings"');
    expect(problems.join('\n')).toContain('"10.0.0.300" is not an IP address');
    expect(problems.filter((p) => p.startsWith('endpoint '))).toHaveLength(3);

    await expect(
      net.tokens.issue({ member_identification: 'nobody-here', role: 'manager', accounts: ['main'] }),
    ).rejects.toThrow(/unknown member "nobody-here"/);
    await expect(
      net.tokens.issue({ member_identification: 'maker-de', role: 'manager', accounts: 'main' as unknown as string[] }),
    ).rejects.toThrow(/accounts must be a list of strings/);
  });

  test('a missing or non-bearer Authorization header is AUTH-MISSING-TOKEN', async () => {
    const net = await testNetwork();
    for (const header of [undefined, '', 'Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'Token abc']) {
      expect(await refusal(net.tokens.authenticate(header)), String(header)).toBe('AUTH-MISSING-TOKEN');
    }
    const { token } = await net.tokens.issue({ member_identification: 'maker-de', role: 'viewer' });
    await expect(net.tokens.authenticate(`bearer ${token}`)).resolves.toMatchObject({ token });
  });

  test('a token is valid until exactly 15 minutes after issue, by the simulator clock', async () => {
    const net = await testNetwork();
    const { token } = await net.tokens.issue({ member_identification: 'maker-de', role: 'manager' });
    net.clock.advance(TOKEN_LIFETIME_MS - 1);
    await expect(net.tokens.authenticate(bearer(token))).resolves.toMatchObject({ token });
    net.clock.advance(1);
    expect(await refusal(net.tokens.authenticate(bearer(token)))).toBe('AUTH-EXPIRED-TOKEN');
  });

  test('expiry follows the injected clock, not the wall clock', async () => {
    for (const start of [Date.UTC(2001, 0, 1), Date.UTC(2090, 0, 1)]) {
      const members = new MemberRegistry('auth-tests');
      members.add({ identification: 'maker-de', bicfi: 'MAKRDEFF', business_role: 'MMM', country_code: 'DE' });
      const clock = new SimClock(start, () => 0);
      const tokens = await TokenService.create(clock, members, new FaultSwitch());
      const { token } = await tokens.issue({ member_identification: 'maker-de', role: 'manager' });
      await expect(tokens.authenticate(bearer(token))).resolves.toMatchObject({ token });
      clock.advance(TOKEN_LIFETIME_MS);
      expect(await refusal(tokens.authenticate(bearer(token)))).toBe('AUTH-EXPIRED-TOKEN');
    }
  });

  test('fault expired-token-accepted: a token used before its 15 minutes keeps working after them', async () => {
    const net = await testNetwork(['expired-token-accepted']);
    const used = await net.tokens.issue({ member_identification: 'maker-de', role: 'manager' });
    const unused = await net.tokens.issue({ member_identification: 'maker-de', role: 'manager' });
    await net.tokens.authenticate(bearer(used.token));
    net.clock.advance(TOKEN_LIFETIME_MS + 60_000);
    await expect(net.tokens.authenticate(bearer(used.token))).resolves.toMatchObject({ token: used.token });
    // The first verification of a token still checks its expiry, as a validation cache would.
    expect(await refusal(net.tokens.authenticate(bearer(unused.token)))).toBe('AUTH-EXPIRED-TOKEN');
    net.faults.disable('expired-token-accepted');
    expect(await refusal(net.tokens.authenticate(bearer(used.token)))).toBe('AUTH-EXPIRED-TOKEN');
  });

  test('a token of another TokenService (another simulator, or before a reset) is AUTH-INVALID-TOKEN', async () => {
    const net = await testNetwork();
    const other = await TokenService.create(net.clock, net.members, net.faults);
    const { token } = await other.issue({ member_identification: 'maker-de', role: 'manager' });
    expect(await refusal(net.tokens.authenticate(bearer(token)))).toBe('AUTH-INVALID-TOKEN');
  });

  test('a tampered, unsigned or malformed token is AUTH-INVALID-TOKEN', async () => {
    const net = await testNetwork();
    const { token } = await net.tokens.issue({ member_identification: 'maker-de', role: 'viewer', accounts: ['main'] });
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, role: 'administrator', accounts: '*' })).toString(
      'base64url',
    );
    const unsignedHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    for (const bad of [
      `${header}.${forged}.${signature}`,
      `${unsignedHeader}.${payload}.`,
      `${header}.${payload}`,
      'not-a-jwt',
      `${header}.${payload}.${signature.slice(0, -4)}AAAA`,
    ]) {
      expect(await refusal(net.tokens.authenticate(bearer(bad))), bad).toBe('AUTH-INVALID-TOKEN');
    }
    await expect(net.tokens.authenticate(bearer(token))).resolves.toMatchObject({ role: 'viewer' });
  });

  test('a blocked member is AUTH-MEMBER-BLOCKED, and works again once re-activated', async () => {
    const net = await testNetwork();
    const { token } = await net.tokens.issue({ member_identification: 'maker-de', role: 'manager' });
    net.members.setState('maker-de', 'blocked');
    expect(await refusal(net.tokens.authenticate(bearer(token)))).toBe('AUTH-MEMBER-BLOCKED');
    net.members.setState('maker-de', 'activated');
    await expect(net.tokens.authenticate(bearer(token))).resolves.toMatchObject({ token });
  });
});

test.describe('TokenService: refresh', () => {
  test('a refresh gives a new 15-minute token of the same session and revokes the old one at once', async () => {
    const net = await testNetwork();
    const caller = await net.principal({ member_identification: 'maker-de', role: 'viewer', accounts: ['main'] });
    net.clock.advance(10 * 60 * 1000);
    const renewed = await net.tokens.refresh(caller, caller.token);
    expect(renewed.expires_at).toBe(net.clock.now() + TOKEN_LIFETIME_MS);
    expect(renewed.session_expires_at).toBe(T0 + SESSION_LIFETIME_MS);

    expect(await refusal(net.tokens.authenticate(bearer(caller.token)))).toBe('AUTH-REVOKED-TOKEN');
    const next = await net.tokens.authenticate(bearer(renewed.token));
    expect(next).toMatchObject({ sessionId: caller.sessionId, role: 'viewer', accounts: ['main'] });
    expect(next.tokenId).not.toBe(caller.tokenId);
    expect(decodeJwt(renewed.token)).toMatchObject({ refresh_count: 1, session_start: T0 });

    // The renewed token lives its own 15 minutes, past the old token's end.
    net.clock.advance(TOKEN_LIFETIME_MS - 1);
    await expect(net.tokens.authenticate(bearer(renewed.token))).resolves.toMatchObject({ tokenId: next.tokenId });
  });

  test('only the current token of the caller’s own session can be renewed (TOKEN-NOT-RENEWABLE)', async () => {
    const net = await testNetwork();
    const caller = await net.principal({ member_identification: 'maker-de', role: 'manager' });
    const otherSession = await net.principal({ member_identification: 'maker-de', role: 'manager' });
    expect(await refusal(net.tokens.refresh(caller, otherSession.token))).toBe('TOKEN-NOT-RENEWABLE');
    expect(await refusal(net.tokens.refresh(caller, 'garbage'))).toBe('TOKEN-NOT-RENEWABLE');

    const renewed = await net.tokens.refresh(caller, caller.token);
    const next = await net.tokens.authenticate(bearer(renewed.token));
    expect(await refusal(net.tokens.refresh(next, caller.token))).toBe('TOKEN-NOT-RENEWABLE');
    // Two refreshes racing on the same token: exactly one wins.
    const results = await Promise.allSettled([
      net.tokens.refresh(next, next.token),
      net.tokens.refresh(next, next.token),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
  });

  test('a session can be refreshed up to 24 hours, then refuses and its token dies', async () => {
    const net = await testNetwork();
    let caller = await net.principal({ member_identification: 'tokenizer-us', role: 'manager' });
    const step = 14 * 60 * 1000;
    const refreshes: IssuedToken[] = [];
    while (net.clock.now() + step < T0 + SESSION_LIFETIME_MS) {
      net.clock.advance(step);
      const renewed = await net.tokens.refresh(caller, caller.token);
      refreshes.push(renewed);
      caller = await net.tokens.authenticate(bearer(renewed.token));
    }
    expect(refreshes).toHaveLength(102);
    // The last token outlives the session on paper; the session rule stops it at 24 hours.
    expect(refreshes.at(-1)?.expires_at).toBeGreaterThan(T0 + SESSION_LIFETIME_MS);
    net.clock.set(T0 + SESSION_LIFETIME_MS - 1);
    await expect(net.tokens.authenticate(bearer(caller.token))).resolves.toMatchObject({ sessionId: caller.sessionId });

    net.clock.advance(1);
    await expect(net.tokens.authenticate(bearer(caller.token))).rejects.toThrow(
      /AUTH-EXPIRED-TOKEN: The 24-hour session ended/,
    );
    // Only a renewal call gets through, and the refresh refuses with its listed 404 and ends the session.
    const renewing = await net.tokens.authenticate(bearer(caller.token), { renewal: true });
    await expect(net.tokens.refresh(renewing, caller.token)).rejects.toThrow(
      /TOKEN-NOT-RENEWABLE: The 24-hour session ended/,
    );
    await expect(net.tokens.authenticate(bearer(caller.token), { renewal: true })).rejects.toThrow(
      /AUTH-REVOKED-TOKEN/,
    );
  });

  test('fault refresh-keeps-old-token: the replaced token stays valid, but cannot be renewed again', async () => {
    const net = await testNetwork(['refresh-keeps-old-token']);
    const caller = await net.principal({ member_identification: 'maker-de', role: 'manager' });
    const renewed = await net.tokens.refresh(caller, caller.token);
    await expect(net.tokens.authenticate(bearer(caller.token))).resolves.toMatchObject({ tokenId: caller.tokenId });
    await expect(net.tokens.authenticate(bearer(renewed.token))).resolves.toMatchObject({
      sessionId: caller.sessionId,
    });
    expect(await refusal(net.tokens.refresh(caller, caller.token))).toBe('TOKEN-NOT-RENEWABLE');

    net.faults.disable('refresh-keeps-old-token');
    const renewedAgain = await net.tokens.refresh(caller, renewed.token);
    expect(await refusal(net.tokens.authenticate(bearer(renewed.token)))).toBe('AUTH-REVOKED-TOKEN');
    await expect(net.tokens.authenticate(bearer(renewedAgain.token))).resolves.toMatchObject({
      sessionId: caller.sessionId,
    });
  });

  test('fault renewed-token-lives-with-session: a renewed token outlives its 15 minutes, until the session ends', async () => {
    const net = await testNetwork(['renewed-token-lives-with-session']);
    const caller = await net.principal({ member_identification: 'maker-de', role: 'manager' });
    const renewed = await net.tokens.refresh(caller, caller.token);
    expect(renewed.expires_at).toBe(T0 + SESSION_LIFETIME_MS);
    net.clock.advance(TOKEN_LIFETIME_MS + 1);
    await expect(net.tokens.authenticate(bearer(renewed.token))).resolves.toMatchObject({
      sessionId: caller.sessionId,
    });

    net.faults.disable('renewed-token-lives-with-session');
    const next = await net.tokens.authenticate(bearer(renewed.token));
    const lasting = await net.tokens.refresh(next, renewed.token);
    expect(lasting.expires_at).toBe(net.clock.now() + TOKEN_LIFETIME_MS);
    net.clock.advance(TOKEN_LIFETIME_MS);
    expect(await refusal(net.tokens.authenticate(bearer(lasting.token)))).toBe('AUTH-EXPIRED-TOKEN');
  });
});
