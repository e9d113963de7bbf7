import { test, expect } from '@playwright/test';
import { readClaims } from './claims.ts';

const complete = {
  member_identification: 'maker-de',
  role: 'viewer',
  accounts: ['main'],
  allowed_ips: '*',
  endpoints: '*',
  sid: 'session-1',
  session_start: 1_768_469_400_123,
  refresh_count: 0,
  iat: 1_768_469_400.123,
  exp: 1_768_470_300.123,
  jti: 'token-1',
};

test.describe('readClaims', () => {
  test('reads a complete claim set', () => {
    expect(readClaims(complete)).toEqual(complete);
  });

  test('refuses a claim set with a claim missing or of the wrong type', () => {
    for (const name of Object.keys(complete)) {
      const { [name as keyof typeof complete]: _left, ...rest } = complete;
      expect(readClaims(rest), `without ${name}`).toBeUndefined();
    }
    for (const [name, value] of [
      ['role', 'owner'],
      ['accounts', 'main'],
      ['endpoints', [1]],
      ['session_start', 1.5],
      ['exp', '1768470300'],
    ] as const) {
      expect(readClaims({ ...complete, [name]: value }), `${name}: ${JSON.stringify(value)}`).toBeUndefined();
    }
  });
});
