import { endpointById, endpoints } from '../../../schemas/endpoints.ts';
import { test } from '../../runtime/fixtures.ts';
import { runSettingsOfProcess } from '../../runtime/run-settings.ts';
import {
  check,
  clockStageSkip,
  expectSchema,
  expectStatus,
  notVerifiedHere,
  recordAcross,
  requireMovableClock,
} from '../../runtime/check.ts';
import type { DssClient } from '../../runtime/client.ts';
import type { ControlClient } from '../../runtime/control.ts';
import { credential, skipFor } from '../../runtime/credentials.ts';
import { expiryOf, readClaims } from '../../runtime/jwt-claims.ts';
import { expectRefusal } from '../../runtime/refusal.ts';
import { callEndpoints, subjectsOf } from '../auth/endpoint-calls.ts';
import { expectEveryRefused } from '../auth/every-refusal.ts';

/**
 * Token lifetimes (spec, Authentication 4-5 and Limits: a token lives 15 minutes unless renewed, a renewed
 * token 15 minutes from its renewal, a session 24 hours): the simulator's clock is moved instead of waiting.
 * The tokens are made for these checks and belong to the tokenizer, which may use both families, so a
 * refusal on every endpoint is about time alone. The actors' own tokens expire too; their clients get new
 * ones from the control plane, because `advanceClock` tells them the target's new time. Without a control
 * plane, `dss test --slow` waits out real expiries with fresh tokens the profile gives
 * (`members.tokenizer.tokens.expiry`, left alone, and `renewed_expiry`, renewed once at the start).
 */

/**
 * The run's settings as the checks are collected: without the control plane (and without `--slow`, which
 * lets auth.token-expiry wait for real time), Playwright starts no worker for checks all skipped. A
 * running check reads the same settings from its `runSettings` fixture.
 */
const collected = runSettingsOfProcess();

/** Why auth.token-expiry is skipped, at collection and when it runs. */
const NEEDS_SLOW_OR_CONTROL =
  'needs --slow (it waits out a real 15-minute token expiry) or the simulator control plane';

/** Real clocks differ between the harness and the target: the real-time check keeps this margin. */
const REAL_CLOCK_MARGIN_MS = 30_000;

/** Spec, Limits: renewal interval and refreshed token validity. */
const TOKEN_LIFETIME_MS = 15 * 60_000;
/** Spec, Limits: access token session. */
const SESSION_MS = 24 * 60 * 60_000;
/** How often the session check renews: within the 15 minutes, with room to spare. */
const RENEWAL_STEP_MS = 14 * 60_000;
/** When the expiry check renews its second token: well inside its 15 minutes, so that what it renews to must outlive it. */
const RENEW_AFTER_MS = 10 * 60_000;

const renewedTokenSchema = endpointById('member.refreshToken').success.body!;

/** Issues a manager token for `member`, with the target's time just before and just after the issue. */
async function issueToken(
  control: ControlClient,
  member: string,
): Promise<{ token: string; before: number; after: number }> {
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

/** Renews `token` with itself as the bearer: the token the renewal answers (spec line 473). Requirement: AUTH-REFRESH. */
async function renewedFrom(client: DssClient, token: string): Promise<string> {
  const renewal = await client.call('member.refreshToken', { token, body: token });
  expectStatus(renewal, 200, 'AUTH-REFRESH');
  expectSchema(renewal.body, renewedTokenSchema, 'AUTH-REFRESH', 'the renewed token');
  return renewal.body as string;
}

/**
 * One check for both lives, a token's from its issue and a renewed token's from its renewal (lines 473, 559):
 * with `--slow` each is waited out in real time, and only side by side does that cost 15 minutes, not 30
 * (the clock checks run one at a time, and a profile's fresh token would be stale after another's wait).
 */
test(
  ...check(
    'auth.token-expiry',
    'accepts a token for 15 minutes from its issue and a renewed one for 15 minutes from its renewal, then refuses each: 401 where the endpoint lists it (and everywhere in the reference profile)',
    {
      verifies: ['AUTH-TOKEN-LIFETIME', 'AUTH-REFRESH', 'ERR-BODY-SHAPE', 'AUTH-TOKEN-EXPIRY'],
      bothLayers: 'the profile judges the same answers, recorded first without stopping the check',
      skipped: collected.control ? clockStageSkip(collected) : !collected.slow && NEEDS_SLOW_OR_CONTROL,
    },
  ),
  async ({ actors, runSettings }) => {
    const { tokenizer, mmA } = actors;
    const expired = async (token: string) =>
      expectExpiredRefused(await callEndpoints(tokenizer.client, subjectsOf(actors, tokenizer), { token }));
    if (!actors.control) {
      if (!runSettings.slow) skipFor(NEEDS_SLOW_OR_CONTROL);
      const given = await credential(actors, tokenizer, 'expiry', { role: 'manager' });
      // The renewal's life is verified when the profile gives a second fresh token for it; a nightly job
      // with the expiry token alone still verifies the issued token's (and is told what it did not verify).
      const renewing = tokenizer.profile?.tokens.renewed_expiry
        ? await credential(actors, tokenizer, 'renewed_expiry', { role: 'manager' })
        : null;
      if (!renewing)
        notVerifiedHere(
          'AUTH-REFRESH',
          `the life of a renewed token (lines 473, 559) needs profile credential ${tokenizer.path ?? 'members.tokenizer'}.tokens.renewed_expiry`,
        );
      const claims = readClaims(given.token);
      const issuedAt = typeof claims?.iat === 'number' ? claims.iat * 1000 : null;
      const expiresAt = claims ? expiryOf(claims) : null;
      if (issuedAt === null || expiresAt === null)
        skipFor(`needs profile credential ${given.source} to carry iat and exp claims`);
      const renewalStart = Date.now();
      const renewed = renewing ? await renewedFrom(tokenizer.client, renewing.token) : null;
      const renewalEnd = Date.now();
      // Fifteen minutes from its issue, and from the renewal: the ends the target must keep to.
      test.setTimeout(
        Math.max(0, Math.max(issuedAt, renewed ? renewalEnd : 0) + TOKEN_LIFETIME_MS - Date.now()) + 5 * 60_000,
      );
      const until = (instant: number) =>
        new Promise((resolve) => setTimeout(resolve, Math.max(0, instant - Date.now())));
      const steps: Array<{ at: number; step: () => Promise<void> }> = [
        {
          at: issuedAt + TOKEN_LIFETIME_MS - REAL_CLOCK_MARGIN_MS,
          step: async () =>
            expectStatus(
              await tokenizer.client.call('member.getAllowlist', { token: given.token }),
              200,
              'AUTH-TOKEN-LIFETIME',
            ),
        },
        { at: issuedAt + TOKEN_LIFETIME_MS + REAL_CLOCK_MARGIN_MS, step: () => expired(given.token) },
        ...(renewed
          ? [
              {
                at: renewalStart + TOKEN_LIFETIME_MS - REAL_CLOCK_MARGIN_MS,
                step: async () =>
                  expectStatus(
                    await tokenizer.client.call('member.getAllowlist', { token: renewed }),
                    200,
                    'AUTH-REFRESH',
                  ),
              },
              { at: renewalEnd + TOKEN_LIFETIME_MS + REAL_CLOCK_MARGIN_MS, step: () => expired(renewed) },
            ]
          : []),
      ];
      for (const { at, step } of steps.sort((a, b) => a.at - b.at)) {
        await until(at);
        await step();
      }
      return;
    }
    const control = requireMovableClock(actors, runSettings);
    const { token, before, after } = await issueToken(control, tokenizer.identification);
    const renewing = await issueToken(control, tokenizer.identification);
    const accepted = async (candidate: string, requirement: string) => {
      const answers = await Promise.all([
        tokenizer.client.call('tokenizer.getMember', {
          token: candidate,
          path: { member_identification: mmA.identification },
        }),
        tokenizer.client.call('member.getAllowlist', { token: candidate }),
      ]);
      for (const response of answers) expectStatus(response, 200, requirement);
    };

    await control.advanceTo(renewing.before + RENEW_AFTER_MS);
    const renewalStart = await control.clock();
    const renewed = await renewedFrom(tokenizer.client, renewing.token);
    const renewalEnd = await control.clock();

    await control.advanceTo(before + TOKEN_LIFETIME_MS - 5_000);
    await accepted(token, 'AUTH-TOKEN-LIFETIME');
    await control.advanceTo(after + TOKEN_LIFETIME_MS + 1_000);
    await expired(token);

    // Past the life of the token it renewed, the renewed one lives on to 15 minutes from its renewal, then dies.
    await control.advanceTo(renewalStart + TOKEN_LIFETIME_MS - 5_000);
    await accepted(renewed, 'AUTH-REFRESH');
    await control.advanceTo(renewalEnd + TOKEN_LIFETIME_MS + 1_000);
    await expired(renewed);
  },
);

test(
  ...check(
    'auth.session-24h',
    'keeps a session alive through renewals until 24 hours from its start, then refuses its token (401 where listed) and its renewal with 404',
    {
      verifies: ['AUTH-SESSION-24H', 'AUTH-REFRESH', 'ERR-BODY-SHAPE'],
      endpoint: 'member.refreshToken',
      skipped: clockStageSkip(collected),
    },
  ),
  async ({ actors, runSettings }) => {
    const control = requireMovableClock(actors, runSettings);
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
    for (let now = issued.after; now + RENEWAL_STEP_MS < lastRenewalAt;) {
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
    expectEveryRefused(await callEndpoints(client, subjectsOf(actors, tokenizer), { token }, others), {
      status: 401,
      listedUnder: 'AUTH-SESSION-24H',
    });
    expectRefusal(await client.call('member.refreshToken', { token, body: token }), {
      status: 404,
      requirement: 'AUTH-SESSION-24H',
    });
  },
);
