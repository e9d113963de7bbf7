import { endpointById, endpoints } from '../../../schemas/endpoints.ts';
import { test } from '../../runtime/fixtures.ts';
import { targetHasControl } from '../../runtime/target.ts';
import { check, clockStageSkip, expectSchema, expectStatus, recordAcross, requireMovableClock } from '../../runtime/check.ts';
import type { ControlClient } from '../../runtime/control.ts';
import { credential, skipFor } from '../../runtime/credentials.ts';
import { expiryOf, readClaims } from '../../runtime/jwt-claims.ts';
import { expectRefusal } from '../../runtime/refusal.ts';
import { callEndpoints, subjectsOf } from '../auth/endpoint-calls.ts';
import { expectEveryRefused } from '../auth/every-refusal.ts';

/**
 * Token lifetimes (spec, Authentication 4-5 and Limits: a token lives 15 minutes unless renewed, a
 * session 24 hours): the simulator's clock is moved instead of waiting. The tokens are made for these
 * checks and belong to the tokenizer, which may use both families, so a refusal on every endpoint is
 * about time alone. The actors' own tokens expire too; their clients get new ones from the control
 * plane, because `advanceClock` tells them the target's new time. Without a control plane, `dss test
 * --slow` waits out a real expiry with a fresh token the profile gives (`members.tokenizer.tokens.expiry`).
 */

/** `dss test --slow`: checks that wait for real time (a 15-minute token expiry) run. */
const slow = process.env.DSS_SLOW === '1';

/** Known as the checks are collected: without the control plane, Playwright starts no worker for checks all skipped. */
const hasControl = targetHasControl(process.env);

/** Why auth.token-expiry is skipped, at collection and when it runs. */
const NEEDS_SLOW_OR_CONTROL = 'needs --slow (it waits out a real 15-minute token expiry) or the simulator control plane';

/** Real clocks differ between the harness and the target: the real-time check keeps this margin. */
const REAL_CLOCK_MARGIN_MS = 30_000;

/** Spec, Limits: renewal interval and refreshed token validity. */
const TOKEN_LIFETIME_MS = 15 * 60_000;
/** Spec, Limits: access token session. */
const SESSION_MS = 24 * 60 * 60_000;
/** How often the session check renews: within the 15 minutes, with room to spare. */
const RENEWAL_STEP_MS = 14 * 60_000;

const renewedTokenSchema = endpointById('member.refreshToken').success.body!;

/** Issues a manager token for `member`, with the target's time just before and just after the issue. */
async function issueToken(control: ControlClient, member: string): Promise<{ token: string; before: number; after: number }> {
  const before = await control.clock();
  const { token } = await control.createToken(member, { role: 'manager' });
  return { token, before, after: await control.clock() };
}

/**
 * Judges the answers of every endpoint to an expired token: the reference profile (AUTH-TOKEN-EXPIRY: 401
 * everywhere), recorded without stopping the check, then the specification (AUTH-TOKEN-LIFETIME: 401 where
 * the table lists it, never served). Both read the same answers, so a target breaking only the profile's
 * rule leaves the specification decided, and one serving an expired token breaks both. (One check, not two,
 * because a real expiry is waited out once, with the one token the profile gives.)
 */
function expectExpiredRefused(responses: Parameters<typeof expectEveryRefused>[0]): void {
  recordAcross(() => expectEveryRefused(responses, { status: 401, requirement: 'AUTH-TOKEN-EXPIRY' }));
  expectEveryRefused(responses, { status: 401, listedUnder: 'AUTH-TOKEN-LIFETIME' });
}

test(...check('auth.token-expiry', 'accepts a token for 15 minutes from its issue, then refuses it: 401 where the endpoint lists it (and everywhere in the reference profile)', { requirements: ['AUTH-TOKEN-LIFETIME', 'ERR-BODY-SHAPE', 'AUTH-TOKEN-EXPIRY'], bothLayers: 'the profile judges the same answers, recorded first without stopping the check', skipped: hasControl ? clockStageSkip(hasControl) : !slow && NEEDS_SLOW_OR_CONTROL }), async ({ actors }) => {
  const { tokenizer, mmA } = actors;
  if (!actors.control) {
    if (!slow) skipFor(NEEDS_SLOW_OR_CONTROL);
    const given = await credential(actors, tokenizer, 'expiry', { role: 'manager' });
    const claims = readClaims(given.token);
    const issuedAt = typeof claims?.iat === 'number' ? claims.iat * 1000 : null;
    const expiresAt = claims ? expiryOf(claims) : null;
    if (issuedAt === null || expiresAt === null) skipFor(`needs profile credential ${given.source} to carry iat and exp claims`);
    // Fifteen minutes from its issue: the end it states must be that, and the target must keep to it.
    test.setTimeout(Math.max(0, issuedAt + TOKEN_LIFETIME_MS - Date.now()) + 5 * 60_000);
    const until = (instant: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, instant - Date.now())));
    await until(issuedAt + TOKEN_LIFETIME_MS - REAL_CLOCK_MARGIN_MS);
    expectStatus(await tokenizer.client.call('member.getAllowlist', { token: given.token }), 200, 'AUTH-TOKEN-LIFETIME');
    await until(issuedAt + TOKEN_LIFETIME_MS + REAL_CLOCK_MARGIN_MS);
    expectExpiredRefused(await callEndpoints(tokenizer.client, subjectsOf(actors, tokenizer), { token: given.token }));
    return;
  }
  const control = requireMovableClock(actors);
  const { token, before, after } = await issueToken(control, tokenizer.identification);

  await control.advanceTo(before + TOKEN_LIFETIME_MS - 5_000);
  const stillValid = await Promise.all([
    tokenizer.client.call('tokenizer.getMember', { token, path: { member_identification: mmA.identification } }),
    tokenizer.client.call('member.getAllowlist', { token }),
  ]);
  for (const response of stillValid) expectStatus(response, 200, 'AUTH-TOKEN-LIFETIME');

  await control.advanceTo(after + TOKEN_LIFETIME_MS + 1_000);
  expectExpiredRefused(await callEndpoints(tokenizer.client, subjectsOf(actors, tokenizer), { token }));
});

test(...check('auth.session-24h', 'keeps a session alive through renewals until 24 hours from its start, then refuses its token (401 where listed) and its renewal with 404', { requirements: ['AUTH-SESSION-24H', 'AUTH-REFRESH', 'ERR-BODY-SHAPE'], endpoint: 'member.refreshToken', skipped: clockStageSkip(hasControl) }), async ({ actors }) => {
  const control = requireMovableClock(actors);
  const { tokenizer } = actors;
  const client = tokenizer.client;
  const issued = await issueToken(control, tokenizer.identification);
  let token = issued.token;

  const renewAndUse = async () => {
    const renewal = await client.call('member.refreshToken', { token, body: token });
    expectStatus(renewal, 200, 'AUTH-REFRESH');
    expectSchema(renewal.body, renewedTokenSchema, 'AUTH-REFRESH', 'the renewed token');
    token = renewal.body as string;
    expectStatus(await client.call('member.getAllowlist', { token }), 200, 'AUTH-REFRESH');
  };
  // The last renewal comes shortly before the session ends, so the token it gives is still fresh when
  // the session ends: only the session can refuse it then.
  const lastRenewalAt = issued.before + SESSION_MS - 2 * 60_000;
  for (let now = issued.after; now + RENEWAL_STEP_MS < lastRenewalAt; ) {
    now = await control.advanceClock(RENEWAL_STEP_MS);
    await renewAndUse();
  }
  await control.advanceTo(lastRenewalAt);
  await renewAndUse();
  await control.advanceTo(issued.before + SESSION_MS - 5_000);
  expectStatus(await client.call('member.getAllowlist', { token }), 200, 'AUTH-SESSION-24H');

  await control.advanceTo(issued.after + SESSION_MS + 1_000);
  // The renewal endpoint answers its own listed status for a session that is over (below).
  const others = endpoints.filter((endpoint) => endpoint.id !== 'member.refreshToken');
  // The specification: 401 where the endpoint lists it, never served on the others.
  expectEveryRefused(await callEndpoints(client, subjectsOf(actors, tokenizer), { token }, others), { status: 401, listedUnder: 'AUTH-SESSION-24H' });
  expectRefusal(await client.call('member.refreshToken', { token, body: token }), { status: 404, requirement: 'AUTH-SESSION-24H' });
});
