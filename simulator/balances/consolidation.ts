import { requireAccount } from '../auth/authorize.ts';
import type { Principal } from '../auth/principal.ts';
import { DssError } from '../errors.ts';
import { ZERO_AMOUNT } from '../ledger/amount.ts';
import type { AssetRef, LedgerTransaction, Operation } from '../ledger/ledger.ts';
import { DEFAULT_OPERATING_ACCOUNT, isOperatingAccount } from '../members/registry.ts';
import type { SimState } from '../state.ts';
import type { ConsolidateBalance, ConsolidateBalanceResult, SettlementInstrumentInfo } from '../../schemas/wire.ts';

/** Bounds the size of one ledger transaction (semantics §12). */
export const MAX_CONSOLIDATION_ENTRIES = 100;

interface PlannedEntry {
  asset: SettlementInstrumentInfo;
  source: string;
  operation: Operation;
}

/**
 * `POST /digital-accounts/{target}/consolidate`: moves each listed amount from one of the caller's
 * operating accounts into the target, in ONE ledger transaction, so either every entry moves or none
 * does. DSO cannot be consolidated (403): a DSO is held on the issuance account, never spread over
 * operating accounts.
 */
export function consolidate(
  state: SimState,
  caller: Principal,
  target: string,
  entries: ConsolidateBalance[],
): ConsolidateBalanceResult {
  const member = caller.member;
  if (!isOperatingAccount(member, target))
    throw invalid(`${target} is not an operating account of ${member.identification}.`);
  requireAccount(caller, target);
  if (entries.length === 0 || entries.length > MAX_CONSOLIDATION_ENTRIES) {
    throw invalid(`A consolidation has 1 to ${MAX_CONSOLIDATION_ENTRIES} entries, got ${entries.length}.`);
  }
  const planned = entries.map((entry, index) =>
    planEntry(state, caller, target, entry, `instruction entry ${index + 1}`),
  );
  const operations = planned.map((entry) => entry.operation);
  // Fault consolidation-not-atomic: one transaction per entry, so the entries before a failing one stay moved.
  const transaction = state.faults.on('consolidation-not-atomic')
    ? submitEntryByEntry(state, operations)
    : state.ledger.submit(operations);
  if (transaction.failure) throw new DssError('CONSOLIDATION-FAILED', `Nothing moved: ${transaction.failure.detail}`);
  return {
    account_balances: planned.map(({ asset, source, operation }) => ({
      asset_info: [asset],
      consolidated_amount: state.amounts.toNumber(
        state.ledger.balance(member.identification, source, operation.asset) ?? ZERO_AMOUNT,
      ),
      source_account_identification: source,
    })),
    consolidate_timestamp: transaction.timestamp,
    transaction_identification: transaction.transaction_identification,
  };
}

function planEntry(
  state: SimState,
  caller: Principal,
  target: string,
  entry: ConsolidateBalance,
  where: string,
): PlannedEntry {
  const member = caller.member.identification;
  const [asset] = entry.asset_info;
  if (!asset?.asset_issuer_identification)
    throw invalid(`${where}: asset_info needs one asset with its code and issuer.`);
  // Fault dso-consolidation-allowed: a DSO entry goes to the ledger like a DSA one.
  if (
    (asset.asset_group_identification === 'DSO' || asset.asset_code_identification.endsWith('DSO')) &&
    !state.faults.on('dso-consolidation-allowed')
  ) {
    throw new DssError(
      'CONSOLIDATION-DSO',
      `${where}: ${asset.asset_code_identification} is a DSO; only DSA can be consolidated.`,
    );
  }
  const source = entry.source_account_identification ?? DEFAULT_OPERATING_ACCOUNT;
  if (!isOperatingAccount(caller.member, source))
    throw invalid(`${where}: ${source} is not an operating account of ${member}.`);
  if (source === target) throw invalid(`${where}: the source account ${source} is the target account.`);
  requireAccount(caller, source);
  const amount = state.amounts.parse(entry.consolidated_amount, `${where}: consolidated_amount`);
  if (amount === ZERO_AMOUNT) throw invalid(`${where}: consolidated_amount must be above zero.`);
  const ref: AssetRef = { code: asset.asset_code_identification, issuer: asset.asset_issuer_identification };
  return {
    asset,
    source,
    operation: { from: { member, account: source }, to: { member, account: target }, asset: ref, amount },
  };
}

/** The defect behind fault consolidation-not-atomic: entries applied one by one, stopping at the first that fails. */
function submitEntryByEntry(state: SimState, [first, ...rest]: Operation[]): LedgerTransaction {
  let transaction = state.ledger.submit(first ? [first] : []);
  for (const operation of rest) {
    if (transaction.failure) break;
    transaction = state.ledger.submit([operation]);
  }
  return transaction;
}

function invalid(detail: string): DssError {
  return new DssError('CONSOLIDATION-INVALID', detail);
}
