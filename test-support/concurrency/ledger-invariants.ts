import type { ControlAnswer } from '../../schemas/control.ts';
import { replay, unconservedAssets, type BalanceChange } from '../../suites/invariants/ledger-sums.ts';
import { formatUnits, readBalanceText, wholeUnits } from '../../suites/runtime/money.ts';
import { fundingMemo, type Observations } from './workload.ts';

/**
 * The ledger invariants, judged on `GET /sim/ledger` after the concurrent clients are done, and
 * against what the clients saw: per asset the balances add up to what was minted less what was burned;
 * replaying the successful transactions from nothing gives exactly the balances shown; no balance is
 * negative or above its credit line's ceiling; a funding mints at most once, and once exactly when a
 * send answered 200; a quotation is exchanged at most once, never after a successful cancellation.
 */

/** `GET /sim/ledger`, as schemas/control.ts describes it. */
export type LedgerView = ControlAnswer<'ledger'>;
type LedgerOperation = LedgerView['transactions'][number]['operations'][number];
type AccountJson = LedgerOperation['from'];

const EMISSION = 'emission';

function units(text: string, what: string): bigint {
  const value = readBalanceText(text.replace(/^-/, ''));
  if (value === undefined) throw new Error(`${what} ${JSON.stringify(text)} is not an amount`);
  return text.startsWith('-') ? -value : value;
}

const assetOf = (code: string, issuer: string) => `${code}@${issuer}`;
const holdingKey = (member: string, account: string, code: string, issuer: string) =>
  `${member}/${account} ${assetOf(code, issuer)}`;

/** What one operation moves: out of `from` and into `to`, but for the issuance account, which mints and burns. */
function balanceChanges(operation: LedgerOperation): BalanceChange[] {
  const amount = units(operation.amount, 'amount');
  const { code, issuer } = operation.asset;
  const side = ({ member, account }: AccountJson, delta: bigint): BalanceChange[] =>
    member === issuer && account === EMISSION ? [] : [{ holding: holdingKey(member, account, code, issuer), delta }];
  return [...side(operation.from, -amount), ...side(operation.to, amount)];
}

export function ledgerViolations(ledger: LedgerView, observations: Observations): string[] {
  const violations: string[] = [];
  const shown = new Map(
    ledger.balances.map((entry) => [
      holdingKey(
        entry.member_identification,
        entry.account_identification,
        entry.asset_code_identification,
        entry.asset_issuer_identification,
      ),
      units(entry.balance, 'balance'),
    ]),
  );

  // Conservation per asset: the balances against what was minted less burned.
  const held = ledger.balances.map((entry) => ({
    asset: assetOf(entry.asset_code_identification, entry.asset_issuer_identification),
    amount: units(entry.balance, 'balance'),
  }));
  const outstanding = new Map(
    ledger.issuance.map((asset) => [
      assetOf(asset.asset_code_identification, asset.asset_issuer_identification),
      units(asset.minted, 'minted') - units(asset.burned, 'burned'),
    ]),
  );
  for (const { asset, held: total, outstanding: expected } of unconservedAssets(held, outstanding)) {
    violations.push(
      `${asset}: balances add up to ${formatUnits(total)}, but minted - burned is ${formatUnits(expected)}`,
    );
  }

  // The successful transactions, replayed from nothing, give the balances shown.
  const changes = ledger.transactions
    .filter((entry) => entry.status === 'success')
    .flatMap((transaction) => transaction.operations.flatMap(balanceChanges));
  const replayed = replay(changes, new Map());
  for (const key of new Set([...shown.keys(), ...replayed.keys()])) {
    const balance = shown.get(key) ?? 0n;
    const expected = replayed.get(key) ?? 0n;
    if (balance !== expected)
      violations.push(
        `${key}: the ledger shows ${formatUnits(balance)}, its successful transactions add up to ${formatUnits(expected)}`,
      );
    if (balance < 0n) violations.push(`${key}: negative balance ${formatUnits(balance)}`);
  }

  // No holding above its ceiling (ceilings are whole units).
  for (const line of ledger.credit_lines) {
    const key = holdingKey(line.holderMember, line.holderAccount, line.assetCode, line.issuer);
    const balance = shown.get(key) ?? 0n;
    if (balance > wholeUnits(line.maximum_credit_limit))
      violations.push(`${key}: holds ${formatUnits(balance)}, above its ceiling ${line.maximum_credit_limit}`);
  }

  // Fundings: at most one mint each; exactly one, the one answered, when a send answered 200.
  const byMemo = new Map<string, string[]>();
  for (const transaction of ledger.transactions.filter(
    (entry) => entry.status === 'success' && entry.memo !== undefined,
  )) {
    byMemo.set(transaction.memo!, [...(byMemo.get(transaction.memo!) ?? []), transaction.transaction_identification]);
  }
  for (const endToEnd of observations.instructed) {
    const mints = byMemo.get(fundingMemo(endToEnd)) ?? [];
    const settled = observations.settled.get(endToEnd);
    if (mints.length > 1) violations.push(`funding ${endToEnd} minted ${mints.length} times`);
    if (settled && (mints.length !== 1 || mints[0] !== settled.transaction)) {
      violations.push(
        `funding ${endToEnd} was answered with transaction ${settled.transaction}, but the ledger has mints [${mints.join(', ')}]`,
      );
    }
    if (!settled && mints.length > 0) violations.push(`funding ${endToEnd} minted although no send was answered 200`);
  }

  // Quotations: exchanged at most once, and only when the clients saw it, never after a cancellation.
  for (const [memo, transactions] of byMemo) {
    const quotation = /^exchange (.+)$/.exec(memo)?.[1];
    if (quotation === undefined) continue;
    if (transactions.length > 1)
      violations.push(`quotation ${quotation} was exchanged ${transactions.length} times in the ledger`);
    if (!observations.exchanged.has(quotation))
      violations.push(`quotation ${quotation} was exchanged in the ledger, but no client was answered Success`);
  }
  for (const [quotation, successes] of observations.exchanged) {
    if (successes > 1) violations.push(`quotation ${quotation}: ${successes} exchanges were answered Success`);
    if ((byMemo.get(`exchange ${quotation}`) ?? []).length !== 1)
      violations.push(
        `quotation ${quotation} was answered Success, but the ledger does not hold exactly one exchange of it`,
      );
    if (observations.cancelled.has(quotation))
      violations.push(`quotation ${quotation} was both cancelled (200) and exchanged (Success)`);
  }
  return violations;
}
