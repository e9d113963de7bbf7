import { unitsToJsonNumber } from '../runtime/money.ts';
import type { DssResponse } from '../runtime/client.ts';
import { instrumentOf, type AssetId, type Instrument } from './assets.ts';
import type { Party } from './party.ts';

/** One entry of a consolidateBalanceInstruction: `amount` units of `asset` from `source`. */
export interface ConsolidationEntry {
  asset: AssetId;
  amount: bigint;
  source: string;
}

/** The spec's consolidateBalanceResult. */
export interface ConsolidationResult {
  account_balances?: { asset_info: Instrument[]; consolidated_amount: number; source_account_identification: string }[];
  consolidate_timestamp?: number;
  transaction_identification: string;
}

/** `POST /digital-accounts/{target}/consolidate` as the holder, the entries in order. */
export function consolidate(holder: Party, target: string, entries: readonly ConsolidationEntry[]): Promise<DssResponse> {
  const instruction = entries.map(({ asset, amount, source }) => ({
    asset_info: [instrumentOf(asset)],
    consolidated_amount: unitsToJsonNumber(amount),
    source_account_identification: source,
  }));
  return holder.client.call('member.consolidate', { path: { account_identification: target }, body: { instruction } });
}
