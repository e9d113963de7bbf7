import { test } from '../../runtime/fixtures.ts';
import { check, warnShould } from '../../runtime/check.ts';
import { DEFAULT_RUNS, invariantOptionsFromEnv } from '../../invariants/options.ts';
import { runLedgerInvariants } from '../../invariants/run.ts';

/**
 * Ledger invariants (semantics §3-§5), by model-based property testing through the API only: random
 * sequences of credit line changes, allowlist changes, DSO issuance, fundings, replays and
 * consolidations, with every balance of the universe read and judged after every step. See
 * suites/invariants/README.md.
 */

// The invariants of semantics §4, and the value-layer rules whose effect on balances the model judges.
const invariantRequirements = [
  'INV-CONSERVATION',
  'INV-NO-NEGATIVE',
  'INV-NO-MOVE-WITHOUT-LINE',
  'INV-REJECTED-CHANGES-NOTHING',
  'INV-EXACT-EFFECT',
  'INV-REFERENCE-DECISIONS',
  'CL-CEILING',
  'CL-REQUEST',
  'CL-REVOKED-BLOCKS',
  'CL-ALLOW-REQUESTED',
  'CL-DSO-ALLOWLIST',
  'FUND-INSTRUCTION',
  'FUND-REPLAY-ONCE',
  'FUND-REPLAY-SAME-RESULT',
  'FUND-E2E-UNIQUE',
  'CONS-MOVE',
  'CONS-ATOMIC',
  'CONS-DSO-FORBIDDEN',
];

test(...check('invariants.ledger', 'keeps every ledger invariant through random sequences of credit line changes, fundings, replays and consolidations', { requirements: invariantRequirements, endpoint: 'tokenizer.sendFunding' }), async ({ actors, recording }) => {
  const base = test.info().timeout;
  // Shrinking a failure replays sequences against the target: it may take half of the check's time.
  const options = invariantOptionsFromEnv(process.env, base === 0 ? 60_000 : base / 2);
  // A longer run (DSS_INVARIANT_RUNS) gets time in proportion.
  if (base > 0) test.setTimeout(base * Math.max(1, Math.ceil(options.numRuns / DEFAULT_RUNS)));
  const result = await runLedgerInvariants(actors, options, recording);
  const counts = Object.entries(result.byCommand)
    .map(([name, { accepted, refused }]) => `${name} ${accepted}/${refused}`)
    .join(', ');
  test.info().annotations.push({
    type: 'invariants',
    description: `${result.operations} operations in ${result.runs} runs (seed ${result.seed}), ${(result.durationMs / 1000).toFixed(1)} s; accepted/refused: ${counts}`,
  });
  for (const warning of result.warnings) warnShould(false, warning.message, warning.requirement);
});
