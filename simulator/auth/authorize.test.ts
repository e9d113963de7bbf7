import { test, expect } from '@playwright/test';
import type { Endpoint, Family, HttpMethod } from '../../schemas/catalogue-types.ts';
import { authorize, requireAccount, requireSelf } from './authorize.ts';
import { refusal, testNetwork } from '../../test-support/simulator/auth-network.ts';

function endpoint(family: Family, method: HttpMethod, path: string, access: 'read' | 'write'): Endpoint {
  return {
    id: `${family}.test`,
    family,
    method,
    path,
    summary: '',
    params: [],
    success: { status: 200, description: '', body: null },
    errors: [],
    access,
  };
}

const tokenizerMembers = endpoint('tokenizer', 'GET', '/members', 'read');
const memberById = endpoint('member', 'GET', '/members/{member_identification}', 'read');
const allowlistAdd = endpoint('member', 'POST', '/members/allowlist', 'write');
const ip = '198.51.100.4';

test.describe('authorize', () => {
  test('a market maker may not use the tokenizer interface; a tokenizer may use both families', async () => {
    const net = await testNetwork();
    const maker = await net.principal({ member_identification: 'maker-de', role: 'administrator' });
    const tokenizer = await net.principal({ member_identification: 'tokenizer-us', role: 'administrator' });
    expect(await refusal(() => authorize(maker, tokenizerMembers, ip, net.faults))).toBe('AUTH-FAMILY-FORBIDDEN');
    expect(() => authorize(maker, memberById, ip, net.faults)).not.toThrow();
    expect(() => authorize(tokenizer, tokenizerMembers, ip, net.faults)).not.toThrow();
    expect(() => authorize(tokenizer, allowlistAdd, ip, net.faults)).not.toThrow();
  });

  test('a viewer may only read, unless fault viewer-can-write is on', async () => {
    const net = await testNetwork();
    const viewer = await net.principal({ member_identification: 'maker-de', role: 'viewer' });
    const manager = await net.principal({ member_identification: 'maker-de', role: 'manager' });
    expect(() => authorize(viewer, memberById, ip, net.faults)).not.toThrow();
    expect(await refusal(() => authorize(viewer, allowlistAdd, ip, net.faults))).toBe('AUTH-ROLE-FORBIDDEN');
    expect(() => authorize(manager, allowlistAdd, ip, net.faults)).not.toThrow();

    net.faults.enable('viewer-can-write');
    expect(() => authorize(viewer, allowlistAdd, ip, net.faults)).not.toThrow();
  });

  test('only the permitted endpoints, matched by method and full path template', async () => {
    const net = await testNetwork();
    const caller = await net.principal({
      member_identification: 'tokenizer-us',
      role: 'manager',
      endpoints: ['GET /client/v1/api/members/{member_identification}', 'GET /tokenizer/v1/api/members'],
    });
    expect(() => authorize(caller, memberById, ip, net.faults)).not.toThrow();
    expect(() => authorize(caller, tokenizerMembers, ip, net.faults)).not.toThrow();
    // Same path, other family; same path, other method.
    expect(await refusal(() => authorize(caller, endpoint('member', 'GET', '/members', 'read'), ip, net.faults))).toBe(
      'AUTH-ENDPOINT-FORBIDDEN',
    );
    expect(
      await refusal(() =>
        authorize(caller, endpoint('member', 'POST', '/members/{member_identification}', 'write'), ip, net.faults),
      ),
    ).toBe('AUTH-ENDPOINT-FORBIDDEN');
  });

  test('fault restricted-token-renewable: a token limited to other endpoints may still renew itself, and nothing else', async () => {
    const net = await testNetwork();
    const caller = await net.principal({
      member_identification: 'maker-de',
      role: 'manager',
      endpoints: ['GET /client/v1/api/members/{member_identification}'],
    });
    const renewal = endpoint('member', 'GET', '/oauth-token/refresh', 'read');
    expect(await refusal(() => authorize(caller, renewal, ip, net.faults))).toBe('AUTH-ENDPOINT-FORBIDDEN');
    net.faults.enable('restricted-token-renewable');
    expect(() => authorize(caller, renewal, ip, net.faults)).not.toThrow();
    expect(await refusal(() => authorize(caller, endpoint('member', 'GET', '/members', 'read'), ip, net.faults))).toBe(
      'AUTH-ENDPOINT-FORBIDDEN',
    );
  });

  test('only the allowed client addresses, IPv4-mapped IPv6 and IPv6 spellings compared canonically', async () => {
    const net = await testNetwork();
    const caller = await net.principal({
      member_identification: 'maker-de',
      role: 'manager',
      allowed_ips: ['198.51.100.4', '2001:db8::1'],
    });
    for (const allowed of ['198.51.100.4', '::ffff:198.51.100.4', '::FFFF:198.51.100.4', '2001:DB8:0::1']) {
      expect(() => authorize(caller, memberById, allowed, net.faults), allowed).not.toThrow();
    }
    for (const refused of ['198.51.100.5', '::ffff:198.51.100.5', '2001:db8::2', 'unknown']) {
      expect(await refusal(() => authorize(caller, memberById, refused, net.faults)), refused).toBe(
        'AUTH-IP-FORBIDDEN',
      );
    }
  });

  test('fault ip-allowlist-ignored: a token restricted to other addresses is served from anywhere', async () => {
    const net = await testNetwork(['ip-allowlist-ignored']);
    const caller = await net.principal({
      member_identification: 'maker-de',
      role: 'manager',
      allowed_ips: ['198.51.100.4'],
    });
    expect(() => authorize(caller, memberById, '203.0.113.7', net.faults)).not.toThrow();
    net.faults.disable('ip-allowlist-ignored');
    expect(await refusal(() => authorize(caller, memberById, '203.0.113.7', net.faults))).toBe('AUTH-IP-FORBIDDEN');
  });

  test('a member not activated yet may read but not write', async () => {
    const net = await testNetwork();
    const created = await net.principal({ member_identification: 'maker-fr', role: 'manager' });
    expect(() => authorize(created, memberById, ip, net.faults)).not.toThrow();
    expect(await refusal(() => authorize(created, allowlistAdd, ip, net.faults))).toBe('AUTH-MEMBER-NOT-ACTIVE');
    net.members.setState('maker-fr', 'activated');
    expect(() => authorize(created, allowlistAdd, ip, net.faults)).not.toThrow();
  });
});

test.describe('requireAccount and requireSelf', () => {
  test('an account not granted by the token is AUTH-ACCOUNT-FORBIDDEN', async () => {
    const net = await testNetwork();
    const limited = await net.principal({ member_identification: 'maker-de', role: 'manager', accounts: ['trading'] });
    const unlimited = await net.principal({ member_identification: 'maker-de', role: 'manager' });
    expect(() => requireAccount(limited, 'trading')).not.toThrow();
    expect(await refusal(() => requireAccount(limited, 'main'))).toBe('AUTH-ACCOUNT-FORBIDDEN');
    expect(() => requireAccount(unlimited, 'main')).not.toThrow();
  });

  test('another member’s identifier where the caller’s is required is AUTH-IDENTITY-MISMATCH', async () => {
    const net = await testNetwork();
    const caller = await net.principal({ member_identification: 'maker-de', role: 'manager' });
    expect(() => requireSelf(caller, 'maker-de')).not.toThrow();
    expect(await refusal(() => requireSelf(caller, 'tokenizer-us'))).toBe('AUTH-IDENTITY-MISMATCH');
  });
});
