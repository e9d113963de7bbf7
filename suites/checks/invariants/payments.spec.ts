import { test } from '../../runtime/fixtures.ts';
import { check } from '../../runtime/check.ts';
import { ledgerRequirements, runInvariantCheck } from './invariant-check.ts';

/**
 * The ledger invariants through DSA payments and redemptions (semantics §11): the ledger's operations
 * mixed with pacs.008 payments between the makers and the RFI's SVC.001 accepting or rejecting them
 * (sometimes after the balance has gone elsewhere, or a second time), and pacs.009 redemptions with the
 * tokenizer's pacs.002 accepting or rejecting them. See suites/invariants/README.md.
 */

const paymentRequirements = [
  ...ledgerRequirements,
  'INV-PAYMENT-EXACT',
  'INV-REDEMPTION-BURNS',
  'PAY-SETTLE',
  'PAY-REJECT-NOTHING-MOVES',
  'RED-BURN',
  'RED-REJECT',
  'DIR-MEMBER-GET',
  'RES-DIRECTORY-SCHEMAS',
  'MSG-SIGN-MESSAGE',
  'RES-SIGNING-SCHEMAS',
];

test(...check('invariants.payments', 'keeps every ledger invariant through random interleavings of DSA payments, compliance answers, redemptions and their answers, moving a payment’s amount exactly once, nothing for a rejected one, and burning exactly what a redemption takes', { requirements: paymentRequirements, endpoint: 'member.replyPayment' }), async ({ actors, recording }) => {
  await runInvariantCheck('payments', actors, recording);
});
