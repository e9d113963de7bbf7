import { _baseTest as base, type TestInfo } from '@playwright/test';
import { DssClient } from './client.ts';
import { readFileSync } from 'node:fs';
import { ControlClient, TargetClock, type SimMember } from './control.ts';
import { nameProfileMember } from './credential-names.ts';
import { HarnessFault } from './harness-fault.ts';
import { recordFailures } from './failure-record.ts';
import { keepWorkerAfterTargetFailure } from './kept-worker.ts';
import { memberPath, type Profile, type ProfileAsset, type ProfileMember, type RequiredRole } from './profile.ts';
import { RATE_LIMITED_ANNOTATION, RateLimitWaits } from './rate-limit.ts';
import { CALLS_ATTACHMENT, CallRecorder, RecordingChannel } from './recorder.ts';
import { createSimMembers, operatingAccounts, tokenizerAssets } from './sim-members.ts';
import { runSettings, type RunSettings } from './run-settings.ts';
import { TokenStore } from './token-store.ts';
import { yaml } from '../yaml.ts';
import { configuredTarget } from './target.ts';
import type { Transport } from './transport.ts';

/**
 * The Playwright `test` of the conformance checks, with the target and its actors as fixtures.
 * Worker-scoped: the profile, and the members this worker acts as (its own, so that destructive reads
 * never race between workers). Test-scoped: the recorder of the check's calls, attached to its result,
 * and the expected-failures baseline and quarantine of the profile.
 * Built on Playwright's `_baseTest` (exported and typed, `TestType<{}, {}>`), not on its `test`: the checks
 * drive no browser, and `test` adds two automatic fixtures to every check (trace recording and browser
 * context options), each a step whose stack Playwright captures and formats at set-up and at tear-down;
 * they were a tenth of a conformance run's CPU (bench/results/NOTES.md, "A conformance run's CPU by
 * process").
 */

/** One member the checks act as. */
export interface Actor {
  role: string;
  identification: string;
  /** Operating accounts; the first is the default. */
  accounts: string[];
  assets: ProfileAsset[];
  client: DssClient;
  /** The member as the control plane describes it (BIC, country, account addresses); null without one. */
  member: Omit<SimMember, 'token'> | null;
  /** The member as the profile gives it, with its extra tokens; absent on a simulator (see credentials.ts). */
  profile?: ProfileMember;
  /** Where the profile gives it, for messages: `members.mmA` (the default), or `member_sets[1].mmA`. */
  path?: string;
}

export interface Actors extends Record<RequiredRole, Actor> {
  /** Every actor by role, including extra roles a vendor profile lists. */
  byRole: Record<string, Actor>;
  /** The simulator's control plane; null against a target without one (see `requireControl`). */
  control: ControlClient | null;
  /** Keeps the tokens renewed in this run, for restarted workers and `--tokens-out`; absent on a simulator. */
  tokens?: TokenStore;
}

export interface DssWorkerFixtures {
  /**
   * What the run was asked to do (run-settings.ts), as the config decoded it; a run that tests several
   * targets at once, one per project (the self-check's fault runs), gives each project its own.
   */
  runSettings: RunSettings;
  /** The profile the config read for `runSettings.profile` (once per process), with the readings global setup detected. */
  target: Profile;
  /** How every call reaches the target: the profile's TLS material, its proxy or the environment's (transport.ts). */
  transport: Transport;
  actors: Actors;
  /** Where this worker's clients record; switched to each check's recorder by `calls`. */
  recording: RecordingChannel;
  /** How this worker's clients wait out 429s; each check's budget is started by `calls`. */
  rateLimits: RateLimitWaits;
}

export interface DssTestFixtures {
  /** Keeps the worker after a check that failed on the target alone (kept-worker.ts). */
  keepWorker: void;
  calls: CallRecorder;
  baseline: void;
}

export const test = base.extend<DssTestFixtures, DssWorkerFixtures>({
  runSettings: [runSettings(), { scope: 'worker', option: true }],

  target: [
    async ({ runSettings }, use) => {
      await use(configuredTarget(runSettings).profile);
    },
    { scope: 'worker' },
  ],

  transport: [
    async ({ runSettings }, use) => {
      await use(configuredTarget(runSettings).transport);
    },
    { scope: 'worker' },
  ],

  recording: [
    async ({}, use) => {
      await use(new RecordingChannel());
    },
    { scope: 'worker' },
  ],

  rateLimits: [
    async ({ target }, use) => {
      await use(new RateLimitWaits(target.rate_limit, target.timeouts.check_ms));
    },
    { scope: 'worker' },
  ],

  actors: [
    async ({ target, transport, recording, rateLimits, runSettings }, use, workerInfo) => {
      if (target.capabilities.control === 'simulator') {
        await use(await simulatorActors(target, transport, recording, rateLimits, `w${workerInfo.workerIndex}`));
        return;
      }
      // Two workers must never share a member: each parallel worker acts as its own member set, a
      // shard as the set it chose (target.member_set).
      const sets = target.member_sets.length;
      const set = runSettings.shard ? target.member_set : workerInfo.parallelIndex;
      if (set >= sets) {
        throw new HarnessFault(
          `the profile lists ${sets} member set${sets === 1 ? '' : 's'}, too few for worker ${workerInfo.parallelIndex + 1} of this run: run with --workers ${sets} or fewer, or list more sets under member_sets`,
        );
      }
      await use(profileActors(target, transport, recording, rateLimits, set, runSettings));
    },
    { scope: 'worker' },
  ],

  // Declared before the other automatic fixtures, so that it is torn down after them and judges every error.
  keepWorker: [
    async ({}, use, testInfo) => {
      await use();
      keepWorkerAfterTargetFailure(testInfo, recordFailures(testInfo));
    },
    { auto: true },
  ],

  calls: [
    async ({ recording, rateLimits }, use, testInfo) => {
      const recorder = new CallRecorder();
      recording.current = recorder;
      // Time spent waiting out 429s is not the check's: its time-out moves on by as much (0 is no time-out).
      rateLimits.startCheck((ms) => {
        if (testInfo.timeout > 0) testInfo.setTimeout(testInfo.timeout + ms);
      });
      await use(recorder);
      // A check that stopped at its first failure may have calls still under way: they belong here.
      await recording.settled();
      const limited = rateLimits.checkTotals();
      if (limited.responses > 0)
        testInfo.annotations.push({ type: RATE_LIMITED_ANNOTATION, description: JSON.stringify(limited) });
      recording.current = new CallRecorder();
      await testInfo.attach(CALLS_ATTACHMENT, {
        body: JSON.stringify(recorder.calls),
        contentType: 'application/json',
      });
    },
    { auto: true },
  ],

  baseline: [
    async ({ target }, use, testInfo) => {
      const id = checkIdOf(testInfo);
      if (id !== undefined && target.quarantine.includes(id)) {
        testInfo.annotations.push({ type: 'quarantined', description: `${id} is in the profile's quarantine list` });
        testInfo.skip(true, 'quarantined');
      }
      // Playwright fails the run if a check marked so passes: that is the stale-baseline rule.
      if (id !== undefined && target.expected_failures.includes(id))
        testInfo.fail(true, `${id} is in the profile's expected failures`);
      await use();
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';

/** The check id a test declares (see check.ts), if it is a check. */
export function checkIdOf(testInfo: TestInfo): string | undefined {
  return testInfo.annotations.find((annotation) => annotation.type === 'check')?.description;
}

async function simulatorActors(
  target: Profile,
  transport: Transport,
  recording: RecordingChannel,
  rateLimits: RateLimitWaits,
  prefix: string,
): Promise<Actors> {
  const clock = new TargetClock();
  const options = { baseUrl: target.base_url, timeoutMs: target.timeouts.request_ms, clock, transport };
  // Setup calls belong to no check: they go to a recorder nobody reads, the rest to the running check.
  const setup = new ControlClient({ ...options, recording: new RecordingChannel() });
  await setup.clock();
  const members = await createSimMembers(setup, prefix);
  const control = new ControlClient({ ...options, recording });

  const actor = (role: RequiredRole): Actor => {
    const { token, ...member } = members[role];
    // Named for reproductions (credential-names.ts): the setup's control client records elsewhere.
    recording.credentials.actor(member.identification, role);
    recording.credentials.minted(token, member.identification, { role: 'manager' });
    return {
      role,
      identification: member.identification,
      accounts: operatingAccounts(members[role]),
      assets: role === 'tokenizer' ? tokenizerAssets(member.identification) : [],
      client: new DssClient({
        baseUrl: target.base_url,
        token,
        timeoutMs: target.timeouts.request_ms,
        recording,
        now: () => clock.now(),
        reissueToken: async () => (await control.createToken(member.identification, { role: 'manager' })).token,
        member: member.identification,
        stringBodies: target.readings.string_bodies,
        rateLimits,
        transport,
      }),
      member,
    };
  };
  const byRole = { tokenizer: actor('tokenizer'), mmA: actor('mmA'), mmB: actor('mmB') };
  return { ...byRole, byRole, control };
}

function profileActors(
  target: Profile,
  transport: Transport,
  recording: RecordingChannel,
  rateLimits: RateLimitWaits,
  set: number,
  settings: RunSettings,
): Actors {
  const tokens = TokenStore.forRun(settings);
  const members = target.member_sets[set]!;
  // The file as written, for the variables it reads its tokens from: reproductions name them.
  const source: unknown = settings.profile === undefined ? null : yaml().parse(readFileSync(settings.profile, 'utf8'));
  const byRole: Record<string, Actor> = {};
  for (const [role, member] of Object.entries(members)) {
    const path = memberPath(target, set, role);
    recording.credentials.actor(member.identification, role);
    nameProfileMember(recording.credentials, path, member, source, (tokenPath) => tokens.latest(tokenPath));
    byRole[role] = {
      role,
      identification: member.identification,
      accounts: member.accounts,
      assets: member.assets,
      client: new DssClient({
        baseUrl: target.base_url,
        // A worker restarted after a failed check picks up the token its predecessor renewed.
        token: tokens.latest(`${path}.token`) ?? member.token,
        timeoutMs: target.timeouts.request_ms,
        recording,
        tokenRenewed: (token) => tokens.save(`${path}.token`, token),
        member: member.identification,
        stringBodies: target.readings.string_bodies,
        rateLimits,
        transport,
      }),
      member: null,
      profile: member,
      path,
    };
  }
  const required = (role: RequiredRole): Actor => {
    const actor = byRole[role];
    if (!actor) throw new HarnessFault(`the profile has no member for role ${role}`);
    return actor;
  };
  return {
    tokenizer: required('tokenizer'),
    mmA: required('mmA'),
    mmB: required('mmB'),
    byRole,
    control: null,
    tokens,
  };
}
