import { expect, test } from '@playwright/test';
import { CredentialNames, nameProfileMember, variableOfPath } from './credential-names.ts';
import type { ProfileMember } from './profile.ts';
import { RecordingChannel, type Exchange } from './recorder.ts';
import { REDACTED } from './redaction.ts';

/**
 * Recorded calls name the credentials they carried, for reproductions: where the recorded request
 * says [redacted], its template says `${DSS_TOKEN_…}`, and neither holds a value. Names come from
 * where the token came from (the profile's path, the member and rights the control plane minted it
 * for), and a renewal is another token of the same kind.
 */

const jwt = (subject: string, signature: string) =>
  `eyJhbGciOiJFZERTQSJ9.${Buffer.from(JSON.stringify({ sub: subject })).toString('base64url')}.${signature}`;
const manager = jwt('bank-a', 'manager-signature-0123456789');
const viewer = jwt('bank-a', 'viewer-signature-0123456789');

function exchange(overrides: Partial<Exchange>): Promise<Exchange> {
  return Promise.resolve({
    endpointId: 'member.listMembers',
    method: 'GET',
    url: 'http://target/client/v1/api/members',
    requestHeaders: { accept: 'application/json', authorization: `Bearer ${manager}` },
    result: { kind: 'response', status: 200, headers: {}, bodyText: '[]', durationMs: 1 },
    ...overrides,
  });
}

test('the profile’s tokens are named by their path, with the variable the profile reads each from', () => {
  const names = new CredentialNames();
  const member: ProfileMember = {
    identification: 'bank-a',
    token: manager,
    accounts: ['main'],
    assets: [],
    tokens: { viewer: { token: viewer, role: 'viewer' } },
  };
  const source = { members: { mmA: { token: '${MMA_TOKEN}', tokens: { viewer: { token: 'literal' } } } } };
  nameProfileMember(names, 'members.mmA', member, source, () => undefined);
  expect(names.find(manager)).toEqual({
    placeholder: 'DSS_TOKEN_MMA_1',
    variable: 'DSS_TOKEN_MMA',
    member: 'bank-a',
    profile_path: 'members.mmA.token',
    profile_variable: 'MMA_TOKEN',
  });
  expect(names.find(viewer)).toEqual({
    placeholder: 'DSS_TOKEN_MMA_VIEWER_1',
    variable: 'DSS_TOKEN_MMA_VIEWER',
    member: 'bank-a',
    profile_path: 'members.mmA.tokens.viewer.token',
    rights: { role: 'viewer' },
  });
  expect(variableOfPath('member_sets[1].mmB.tokens.no_accounts.token')).toBe('DSS_TOKEN_SET1_MMB_NO_ACCOUNTS');
});

test('a call keeps the names of the credentials it carried, never their values, and a renewal is another token of the same kind', async () => {
  const channel = new RecordingChannel();
  channel.credentials.actor('w0-mma', 'mmA');
  channel.credentials.minted(manager, 'w0-mma', { role: 'manager' });
  channel.credentials.minted(viewer, 'w0-mma', { role: 'viewer', accounts: ['main'] });

  const read = await channel.record(exchange({}));
  expect(read.request_headers.authorization).toBe(`Bearer ${REDACTED}`);
  expect(read.request_template).toEqual({
    headers: { authorization: 'Bearer ${DSS_TOKEN_MMA_1}' },
    credentials: [
      { placeholder: 'DSS_TOKEN_MMA_1', variable: 'DSS_TOKEN_MMA', member: 'w0-mma', rights: { role: 'manager' } },
    ],
  });

  // The refresh body is the token itself: the template names it there too; the answer is the renewal.
  const renewed = jwt('w0-mma', 'renewed-signature-0123456789');
  const refresh = await channel.record(
    exchange({
      endpointId: 'member.refreshToken',
      url: 'http://target/client/v1/api/oauth-token/refresh',
      requestBody: JSON.stringify(viewer),
      requestHeaders: { authorization: `Bearer ${viewer}` },
      result: { kind: 'response', status: 200, headers: {}, bodyText: JSON.stringify(renewed), durationMs: 1 },
    }),
  );
  expect(refresh.request_body).toBe(JSON.stringify(REDACTED));
  expect(refresh.request_template?.body).toBe('"${DSS_TOKEN_MMA_VIEWER_LIMITED_1}"');
  expect(channel.credentials.find(renewed)).toMatchObject({
    placeholder: 'DSS_TOKEN_MMA_VIEWER_LIMITED_2',
    variable: 'DSS_TOKEN_MMA_VIEWER_LIMITED',
    renewed: true,
    rights: { role: 'viewer', accounts: ['main'] },
  });

  // A credential in a signature parameter, and one the run does not know: named, and still redacted.
  const unknown = jwt('w0-mma', 'tampered-signature-0123456789');
  const send = await channel.record(
    exchange({
      url: `http://target/tokenizer/v1/api/transactions/send?funding_payload_signature=${renewed}&other=1`,
      requestHeaders: { authorization: `Bearer ${unknown}` },
    }),
  );
  expect(send.request_template?.url).toBe(
    'http://target/tokenizer/v1/api/transactions/send?funding_payload_signature=${DSS_TOKEN_MMA_VIEWER_LIMITED_2}&other=1',
  );
  expect(send.request_template?.headers).toBeUndefined();
  expect(send.request_headers.authorization).toBe(`Bearer ${REDACTED}`);

  const everything = JSON.stringify([read, refresh, send]);
  for (const value of [manager, viewer, renewed, unknown]) expect(everything).not.toContain(value.split('.')[2]);
});

test('a call that carried no credential the run knows has no template, and short values are never names', async () => {
  const channel = new RecordingChannel();
  channel.credentials.minted('short', 'w0-mma', { role: 'manager' });
  expect(channel.credentials.find('short')).toBeUndefined();
  const call = await channel.record(
    exchange({ requestHeaders: { authorization: 'Bearer short' }, requestBody: 'a short body' }),
  );
  expect(call.request_template).toBeUndefined();
});
