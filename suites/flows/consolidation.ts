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

/** `POST /digital-accounts/{target}/consolidate` as the holder, the entries in order. */
export function consolidate(
  holder: Party,
  target: string,
  entries: readonly ConsolidationEntry[],
): Promise<DssResponse> {
  const instruction = entries.map(({ asset, amount, source }) => ({
    asset_info: [instrumentOf(asset)],
    consolidated_amount: unitsToJsonNumber(amount),
    source_account_identification: source,
  }));
  return holder.client.call('member.consolidate', { path: { account_identification: target }, body: { instruction } });
}
