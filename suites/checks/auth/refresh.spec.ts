import { endpointById } from '../../../schemas/endpoints.ts';
import { test, type Actors } from '../../runtime/fixtures.ts';
import { check, expectErrorBody, expectSchema, expectStatus, warnShould } from '../../runtime/check.ts';
import { CheckFailure } from '../../runtime/check-failure.ts';
import { credential } from '../../runtime/credentials.ts';
import { expectRefusal } from '../../runtime/refusal.ts';
import { expectEveryRefused } from './every-refusal.ts';
import { withoutSignature } from './forged-tokens.ts';

/**
 * `GET /client/v1/api/oauth-token/refresh` (spec, Authentication 5; semantics §13): the bearer header
 * authenticates the call as everywhere, the body names the token to renew (a JSON string, or the object
 * form a target declares: suites/runtime/client.ts sends what the profile's readings say). Renewing
 * spends the token renewed, so no check renews a token a member acts with: on a simulator the checks
 * renew tokens made for them; elsewhere a second session the profile gives (`members.mmA.tokens.session`),
 * whose renewal is kept for the rest of the run and written by `--tokens-out`.
 */

const renewedTokenSchema = endpointById('member.refreshToken').success.body!;

/** Renews a session made (or given) for the check; the replaced token is dead from here on. Requirement: AUTH-REFRESH. */
async function renewSession(actors: Actors): Promise<{ replaced: string; renewed: string }> {
  const { client } = actors.mmA;
  const session = await credential(actors, actors.mmA, 'session', { role: 'manager' });
  const replaced = session.token;
  const renewal = await client.call('member.refreshToken', { token: replaced, body: replaced });
  // Kept at once: the replaced token is dead now, whatever the rest of the check finds.
  if (renewal.status === 200 && typeof renewal.body === 'string' && renewal.body !== '') session.renewed(renewal.body);
  expectStatus(renewal, 200, 'AUTH-REFRESH');
  expectSchema(renewal.body, renewedTokenSchema, 'AUTH-REFRESH', 'the renewed token');
  // The spec's "renewed token" may be the same string: that it differs is the reference's (AUTH-REFRESH-NEW-TOKEN).
  return { replaced, renewed: renewal.body as string };
}

test(
  ...check('auth.refresh', 'renews the caller’s token: a new token that works', {
    verifies: ['AUTH-REFRESH'],
    endpoint: 'member.refreshToken',
  }),
  async ({ actors }) => {
    const { renewed } = await renewSession(actors);
    expectStatus(await actors.mmA.client.call('member.getAllowlist', { token: renewed }), 200, 'AUTH-REFRESH');
  },
);

// The reference profile: what becomes of the replaced token. A check of its own, so that a target keeping
// it alive leaves the specification's AUTH-REFRESH decided by the check above.
test(
  ...check(
    'auth.refresh-invalidates',
    'answers a new token, refuses the token a renewal replaced with 401, and refuses to renew it again; the new one keeps working',
    { verifies: ['AUTH-REFRESH-INVALIDATES', 'AUTH-REFRESH-NEW-TOKEN'], endpoint: 'member.refreshToken' },
  ),
  async ({ actors }) => {
    const { client } = actors.mmA;
    const { replaced, renewed } = await renewSession(actors);
    if (renewed === replaced)
      throw new CheckFailure(
        'AUTH-REFRESH-NEW-TOKEN',
        'the renewal answered the very token it was asked to renew, not a new one',
      );
    expectRefusal(await client.call('member.getAllowlist', { token: replaced }), {
      status: 401,
      requirement: 'AUTH-REFRESH-INVALIDATES',
    });
    expectRefusal(await client.call('member.refreshToken', { token: renewed, body: replaced }), {
      status: 404,
      requirement: 'AUTH-REFRESH-INVALIDATES',
    });
    // With the replaced token as the credential as well, both refusals fit: a dead token (401), or one
    // that cannot be renewed (404).
    const again = await client.call('member.refreshToken', { token: replaced, body: replaced });
    expectStatus(again, [401, 404], 'AUTH-REFRESH-INVALIDATES');
    expectErrorBody(again, 'ERR-BODY-SHAPE');

    // Refused renewals must not cost the caller its current token.
    expectStatus(await client.call('member.getAllowlist', { token: renewed }), 200, 'AUTH-REFRESH');
  },
);

test(
  ...check(
    'auth.refresh-unusable',
    'refuses to renew a body that is not a token of the service with 404, and the caller’s token keeps working',
    { verifies: ['AUTH-REFRESH-UNUSABLE', 'ERR-BODY-SHAPE'], endpoint: 'member.refreshToken' },
  ),
  async ({ actors }) => {
    const { client } = actors.mmA;
    for (const body of ['not-a-token', withoutSignature(await client.token())]) {
      expectRefusal(await client.call('member.refreshToken', { body }), {
        status: 404,
        requirement: 'AUTH-REFRESH-UNUSABLE',
      });
    }
    expectStatus(await client.call('member.getAllowlist'), 200, 'AUTH-REFRESH-UNUSABLE');
  },
);

test(
  ...check(
    'auth.refresh-other-session',
    'renews only the caller’s own token: another session’s token of the same member is refused with 404, and both keep working',
    { verifies: ['AUTH-REFRESH-OWN-SESSION', 'ERR-NO-5XX', 'ERR-BODY-SHAPE'], endpoint: 'member.refreshToken' },
  ),
  async ({ actors }) => {
    const { client } = actors.mmA;
    // Elsewhere the caller is the member's own token and the other session the profile's: a correct
    // target refuses the renewal, so neither is spent.
    const other = await credential(actors, actors.mmA, 'session', { role: 'manager' });
    const caller = actors.control
      ? await credential(actors, actors.mmA, 'session', { role: 'manager' })
      : { token: await client.token() };

    const renewal = await client.call('member.refreshToken', { token: caller.token, body: other.token });
    expectEveryRefused([renewal], { status: 404, requirement: 'AUTH-REFRESH-OWN-SESSION', level: 'SHOULD' });
    for (const [name, token] of [
      ['the caller’s', caller.token],
      ['the other session’s', other.token],
    ] as const) {
      const response = await client.call('member.getAllowlist', { token });
      warnShould(
        response.status === 200,
        `after the refused renewal, ${name} token answered ${response.status} on GET /members/allowlist instead of 200`,
        'AUTH-REFRESH-OWN-SESSION',
      );
    }
  },
);

// The reference profile: the body as a bare JSON string, whatever form the target declared for the rest of the run.
test(
  ...check('auth.refresh-bare-string', 'renews a token named by a bare JSON string body', {
    verifies: ['STRING-BODY-BARE'],
    endpoint: 'member.refreshToken',
  }),
  async ({ actors }) => {
    const session = await credential(actors, actors.mmA, 'session', { role: 'manager' });
    const renewal = await actors.mmA.client.call('member.refreshToken', {
      token: session.token,
      rawBody: JSON.stringify(session.token),
    });
    if (renewal.status === 200 && typeof renewal.body === 'string' && renewal.body !== '')
      session.renewed(renewal.body);
    expectStatus(renewal, 200, 'STRING-BODY-BARE');
    expectSchema(renewal.body, renewedTokenSchema, 'STRING-BODY-BARE', 'the renewed token');
  },
);
