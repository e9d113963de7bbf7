import { test } from '../../runtime/fixtures.ts';
import { check } from '../../runtime/check.ts';
import { INVARIANT_LAYERS, ledgerRequirements, runInvariantCheck } from './invariant-check.ts';

/**
 * Ledger invariants (semantics §3-§5), by model-based property testing through the API only: random
 * sequences of credit line changes, allowlist changes, DSO issuance, fundings, replays and
 * consolidations, with every balance of the universe read and judged after every step. See
 * suites/invariants/README.md.
 */

test(
  ...check(
    'invariants.ledger',
    'keeps every ledger invariant through random sequences of credit line changes, fundings, replays and consolidations',
    { verifies: ledgerRequirements, bothLayers: INVARIANT_LAYERS, endpoint: 'tokenizer.sendFunding' },
  ),
  async ({ actors, recording, target, runSettings }) => {
    await runInvariantCheck('ledger', actors, recording, target.readings, runSettings.invariants);
  },
);
