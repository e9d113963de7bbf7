import { test } from '../../runtime/fixtures.ts';
import { check } from '../../runtime/check.ts';
import { INVARIANT_LAYERS, ledgerRequirements, runInvariantCheck } from './invariant-check.ts';

/**
 * The ledger invariants through quotations and exchanges (semantics §6-§8): the ledger's operations
 * mixed with quotation requests, signed answers and re-quotes, cancellations, exchanges (valid ones,
 * above a balance or a ceiling, outside the limits, after a cancellation or a completion, after an
 * allowlist removal) and completed exchanges sent again. See suites/invariants/README.md.
 */

const exchangeRequirements = [
  ...ledgerRequirements,
  'EXC-SETTLEMENT',
  'EXC-ATOMIC',
  'EXC-ONCE',
  'EXC-STATE',
  'EXC-AMOUNTS',
  'EXC-ALLOWLIST',
  'EXC-ROUNDING',
  'EXC-REFUSAL-STATUS',
  'QUO-REQUEST',
  'QUO-DISTRIBUTION',
  'QUO-ANSWER',
  'QUO-CANCEL',
  'QUO-STATES',
  'QUO-STATE-MACHINE',
  'QUO-READ',
  'RES-EXCHANGE-SCHEMAS',
];

test(
  ...check(
    'invariants.exchange',
    'keeps every ledger invariant through random interleavings of quotations, cancellations, exchanges and allowlist changes, moving both legs of an exchange or neither and settling a quotation at most once',
    { verifies: exchangeRequirements, bothLayers: INVARIANT_LAYERS, endpoint: 'member.exchange' },
  ),
  async ({ actors, recording, target, runSettings }) => {
    await runInvariantCheck('exchange', actors, recording, target.readings, runSettings.invariants);
  },
);
