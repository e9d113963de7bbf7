import { endpointById } from '../../../schemas/endpoints.ts';
import { test } from '../../runtime/fixtures.ts';
import { check, CheckFailure, expectErrorBody, expectSchema, expectStatus, requireControl, warnShould } from '../../runtime/check.ts';
import { expectRefusal } from '../../runtime/refusal.ts';
import { expectEveryRefused } from './every-refusal.ts';
import { withoutSignature } from './forged-tokens.ts';

/**
 * `GET /client/v1/api/oauth-token/refresh` (spec, Authentication 5; semantics §13): the bearer header
 * authenticates the call as everywhere, the body (a JSON string) names the token to renew. Renewing
 * spends the token renewed: on a simulator the checks renew tokens made for them; elsewhere the actor's own.
 */

const renewedTokenSchema = endpointById('member.refreshToken').success.body!;

test(...check('auth.refresh', 'renews the caller’s token: the new one works, the replaced one is refused with 401 and cannot be renewed again', { requirements: ['AUTH-REFRESH', 'AUTH-REFRESH-INVALIDATES', 'ERR-BODY-SHAPE'], endpoint: 'member.refreshToken' }), async ({ actors }) => {
  // On a simulator the token to spend is made for the check; elsewhere it is the actor's own, which the
  // client adopts as soon as it is renewed so that the actor stays usable (and the run's token store
  // hands the new one to a restarted worker).
  const { client, identification } = actors.mmA;
  const replaced = actors.control ? (await actors.control.createToken(identification, { role: 'manager' })).token : await client.token();

  const renewal = await client.call('member.refreshToken', { token: replaced, body: replaced });
  if (!actors.control && renewal.status === 200 && typeof renewal.body === 'string') client.adoptToken(renewal.body);
  expectStatus(renewal, 200, 'AUTH-REFRESH');
  expectSchema(renewal.body, renewedTokenSchema, 'AUTH-REFRESH', 'the renewed token');
  const renewed = renewal.body as string;
  if (renewed === replaced) throw new CheckFailure('AUTH-REFRESH', 'the renewal answered the very token it was asked to renew, not a new one');
  expectStatus(await client.call('member.getAllowlist', { token: renewed }), 200, 'AUTH-REFRESH');

  expectRefusal(await client.call('member.getAllowlist', { token: replaced }), { status: 401, requirement: 'AUTH-REFRESH-INVALIDATES' });
  expectRefusal(await client.call('member.refreshToken', { token: renewed, body: replaced }), { status: 404, requirement: 'AUTH-REFRESH-INVALIDATES' });
  // With the replaced token as the credential as well, both refusals fit: a dead token (401), or one
  // that cannot be renewed (404).
  const again = await client.call('member.refreshToken', { token: replaced, body: replaced });
  expectStatus(again, [401, 404], 'AUTH-REFRESH-INVALIDATES');
  expectErrorBody(again, 'ERR-BODY-SHAPE');

  // Refused renewals must not cost the caller its current token.
  expectStatus(await client.call('member.getAllowlist', { token: renewed }), 200, 'AUTH-REFRESH');
});

test(...check('auth.refresh-unusable', 'refuses to renew a body that is not a token of the service with 404, and the caller’s token keeps working', { requirements: ['AUTH-REFRESH-UNUSABLE', 'ERR-BODY-SHAPE'], endpoint: 'member.refreshToken' }), async ({ actors }) => {
  const { client } = actors.mmA;
  for (const body of ['not-a-token', withoutSignature(await client.token())]) {
    expectRefusal(await client.call('member.refreshToken', { body }), { status: 404, requirement: 'AUTH-REFRESH-UNUSABLE' });
  }
  expectStatus(await client.call('member.getAllowlist'), 200, 'AUTH-REFRESH-UNUSABLE');
});

test(...check('auth.refresh-other-session', 'renews only the caller’s own token: another session’s token of the same member is refused with 404, and both keep working', { requirements: ['AUTH-REFRESH-OWN-SESSION', 'ERR-NO-5XX', 'ERR-BODY-SHAPE'], endpoint: 'member.refreshToken' }), async ({ actors }) => {
  const control = requireControl(actors);
  const { client, identification } = actors.mmA;
  const [caller, other] = await Promise.all([control.createToken(identification, { role: 'manager' }), control.createToken(identification, { role: 'manager' })]);

  const renewal = await client.call('member.refreshToken', { token: caller.token, body: other.token });
  expectEveryRefused([renewal], { status: 404, requirement: 'AUTH-REFRESH-OWN-SESSION', level: 'SHOULD' });
  for (const [name, token] of [['the caller’s', caller.token], ['the other session’s', other.token]] as const) {
    const response = await client.call('member.getAllowlist', { token });
    warnShould(response.status === 200, `after the refused renewal, ${name} token answered ${response.status} on GET /members/allowlist instead of 200`, 'AUTH-REFRESH-OWN-SESSION');
  }
});
