import { test } from '../../runtime/fixtures.ts';
import { check } from '../../runtime/check.ts';
import { INVARIANT_LAYERS, ledgerRequirements, runInvariantCheck } from './invariant-check.ts';

/**
 * The ledger invariants through payments and redemptions (semantics §11): the ledger's operations mixed
 * with pacs.008 payments between the makers in the tokenizer's DSA or in either maker's DSO, the RFI's
 * SVC.001 accepting or rejecting them (sometimes after the balance has gone elsewhere, or a second
 * time), the OFI's SVC.002 for a cleared payment, cancellation requests (camt.056), their rejection
 * (camt.029) and returns (pacs.004), and pacs.009 redemptions with the tokenizer's pacs.002 accepting
 * (with the redeemed amount, or another one) or rejecting them. See suites/invariants/README.md.
 */

const paymentRequirements = [
  ...ledgerRequirements,
  'INV-PAYMENT-EXACT',
  'INV-REDEMPTION-BURNS',
  'PAY-SETTLE',
  'PAY-REJECT-NOTHING-MOVES',
  'PAY-DSO-OBLIGATION',
  'PAY-CANCEL-REFUND',
  'PAY-CANCEL-REJECT',
  'RED-BURN',
  'RED-REJECT',
  'RED-AMOUNT-MATCH',
  'DIR-MEMBER-GET',
  'RES-DIRECTORY-SCHEMAS',
  'MSG-SIGN-MESSAGE',
  'RES-SIGNING-SCHEMAS',
];

test(
  ...check(
    'invariants.payments',
    'keeps every ledger invariant through random interleavings of payments in DSA and DSO, compliance answers, obligation notices, cancellations, returns, redemptions and their answers, moving a payment’s amount exactly once (and back once, for a cause), nothing for a rejected one, and burning exactly what a redemption takes',
    { verifies: paymentRequirements, bothLayers: INVARIANT_LAYERS, endpoint: 'member.replyPayment' },
  ),
  async ({ actors, recording, target, runSettings }) => {
    await runInvariantCheck('payments', actors, recording, target.readings, runSettings.invariants);
  },
);
