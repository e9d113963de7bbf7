/**
 * What the invariant checks share: the body of each check (one check per family of operations, see
 * suites/invariants/README.md): the property's size from the run's settings (DSS_INVARIANT_* of `dss test`), a time limit in proportion,
 * the run's figures as an annotation, the SHOULD-level disagreements as warnings and the broken MUST
 * decisions of the reference profile as findings (the run went on past them).
 */
import type { DeclaredReadings } from '../../../protocol/readings.ts';
import { test } from '../../runtime/fixtures.ts';
import { recordAcross, warnShould } from '../../runtime/check.ts';
import { CheckFailure } from '../../runtime/check-failure.ts';
import type { Actors } from '../../runtime/fixtures.ts';
import type { RecordingChannel } from '../../runtime/recorder.ts';
import type { CommandFamily } from '../../invariants/command-mix.ts';
import { DEFAULT_RUNS, invariantOptions } from '../../invariants/options.ts';
import type { InvariantSettings } from '../../runtime/run-settings.ts';
import { runInvariants } from '../../invariants/run.ts';

/**
 * The invariants of semantics §4, the value-layer rules whose effect on balances the model judges, and
 * what the calls themselves must do (answer, read balances, sign), so that a failure blames its rule.
 */
export const ledgerRequirements = [
  'INV-CONSERVATION',
  'INV-NO-NEGATIVE',
  'INV-NO-MOVE-WITHOUT-LINE',
  'INV-REJECTED-CHANGES-NOTHING',
  'INV-EXACT-EFFECT',
  'INV-REFERENCE-DECISIONS',
  'CL-CEILING',
  'CL-REQUEST',
  'CL-REVOKED-BLOCKS',
  'CL-REVOKED-REALLOW',
  'CL-ALLOW-REQUESTED',
  'CL-DSO-ALLOWLIST',
  'FUND-INSTRUCTION',
  'FUND-REPLAY-ONCE',
  'FUND-REPLAY-SAME-RESULT',
  'FUND-E2E-UNIQUE',
  'CONS-MOVE',
  'CONS-ATOMIC',
  'CONS-DSO-FORBIDDEN',
  'ALLOWLIST-IDEMPOTENT',
  'ALLOWLIST-LIST',
  'RES-ALLOWLIST-SCHEMAS',
  'INS-DSO-ISSUE',
  'INS-DSO-IDEMPOTENT',
  'INS-LIST',
  'BAL-READ',
  'SIGN-PAYLOAD',
  'RES-SIGNING-SCHEMAS',
  'RES-LEDGER-SCHEMAS',
  'ERR-NO-5XX',
  'ERR-BODY-SHAPE',
];

/**
 * Why an invariant check names both layers (check()'s bothLayers): one property judges the specification's
 * rules and the reference profile's decisions over the same random sequence, which cannot be run twice
 * alike. A broken MUST decision of the profile does not stop it: the model follows what the target decided,
 * records it, and goes on (command-base.ts, judge). Only a broken invariant of the profile's value layer
 * (conservation, no negative balance, a payment's or redemption's exact amount), after which the model no
 * longer knows the target's state, stops it.
 */
export const INVARIANT_LAYERS =
  'one random sequence judges both layers; a broken MUST decision of the reference profile is recorded and the run goes on';

/**
 * Runs the property with the commands of `family` as the worker's actors, under the target's declared
 * readings: every amount within its `amount_scale` fraction digits, DSO lines on its `dso_line_account`;
 * fails as the property does.
 */
/** How many of the profile's `timeouts.check_ms` a property-based check may take (docs/profiles.md). */
export const PROPERTY_CHECK_TIMES = 3;

export async function runInvariantCheck(
  family: CommandFamily,
  actors: Actors,
  recording: RecordingChannel,
  readings: Pick<DeclaredReadings, 'dso_line_account' | 'amount_scale'>,
  settings: InvariantSettings,
): Promise<void> {
  const base = test.info().timeout;
  // Shrinking a failure replays sequences against the target: it may take half of the check's time.
  const options = invariantOptions(settings, base === 0 ? 60_000 : base / 2);
  // A property run makes thousands of calls (some 2,500 for invariants.ledger), forty times a plain check's:
  // it gets PROPERTY_CHECK_TIMES check times, so that the safety net is not what a loaded machine meets
  // first (at a load of 25 on 2 cores one check time was reached, and every requirement the check names was
  // left undecided). A longer run (DSS_INVARIANT_RUNS) gets time in proportion.
  if (base > 0) test.setTimeout(PROPERTY_CHECK_TIMES * base * Math.max(1, Math.ceil(options.numRuns / DEFAULT_RUNS)));
  const result = await runInvariants(
    actors,
    family,
    { ...options, amountScale: readings.amount_scale },
    recording,
    readings,
  );
  const counts = Object.entries(result.byCommand)
    .map(([name, { accepted, refused }]) => `${name} ${accepted}/${refused}`)
    .join(', ');
  test.info().annotations.push({
    type: 'invariants',
    description: `${result.operations} operations in ${result.runs} runs (seed ${result.seed}), ${(result.durationMs / 1000).toFixed(1)} s; accepted/refused: ${counts}`,
  });
  for (const warning of result.warnings) warnShould(false, warning.message, warning.requirement);
  // Broken decisions of the reference profile: recorded, so the check fails for them and still decides the rest.
  for (const { requirement, message } of result.broken) {
    recordAcross(() => {
      throw new CheckFailure(requirement, message);
    });
  }
}
