import { schemaRef } from '../../schemas/resources.ts';
import type { BalanceInfo } from '../../schemas/wire.ts';
import { expectErrorBody, recordAcross, describeCall } from '../runtime/check.ts';
import { CheckFailure } from '../runtime/check-failure.ts';
import { HarnessFault } from '../runtime/harness-fault.ts';
import type { DssResponse } from '../runtime/client.ts';
import { formatUnits, readBalanceText } from '../runtime/money.ts';
import { okBody } from './answers.ts';
import type { AssetId } from './assets.ts';
import type { Party } from './party.ts';

/** An amount written in a check ("12.5") as units (money.ts); one with more fraction digits than the target keeps is built from its scale instead (lastDigit, fullScaleAmount). */
export function units(text: string): bigint {
  const value = readBalanceText(text);
  if (value === undefined) throw new HarnessFault(`${JSON.stringify(text)} is not a decimal amount`);
  return value;
}

export function readBalance(holder: Party, account: string, asset: AssetId): Promise<DssResponse> {
  return holder.client.call('member.getBalance', {
    path: { account_identification: account },
    query: { asset_code_identification: asset.code, asset_issuer_identification: asset.issuer },
  });
}

/** The balanceInfo of a 200 answer, once it is checked to be about that account and asset. */
export function balanceInfoOf(response: DssResponse, account: string, asset: AssetId): BalanceInfo {
  const info = okBody<BalanceInfo>(response, schemaRef('balanceInfo'), 'BAL-READ');
  const about = {
    account: info.account_identification,
    code: info.asset_code_identification,
    issuer: info.asset_issuer_identification ?? asset.issuer,
  };
  if (about.account !== account || about.code !== asset.code || about.issuer !== asset.issuer) {
    throw new CheckFailure(
      'BAL-READ',
      `${describeCall(response)} answered the balance of ${JSON.stringify(about)}, expected account ${account}, ${asset.code} issued by ${asset.issuer}`,
    );
  }
  return info;
}

/**
 * What the holder's account holds of the asset, in units; undefined when the target answers 404 (no
 * credit line). Requirements: BAL-READ, RES-LEDGER-SCHEMAS, ERR-BODY-SHAPE.
 */
export async function balanceOf(holder: Party, account: string, asset: AssetId): Promise<bigint | undefined> {
  const response = await readBalance(holder, account, asset);
  if (response.status === 404) {
    recordAcross(() => expectErrorBody(response, 'ERR-BODY-SHAPE'));
    return undefined;
  }
  const { balance } = balanceInfoOf(response, account, asset);
  const value = readBalanceText(balance);
  if (value === undefined)
    throw new CheckFailure(
      'BAL-READ',
      `${describeCall(response)}: the balance ${JSON.stringify(balance)} is not a decimal amount`,
    );
  return value;
}

/** Fails under `requirement` unless the account holds exactly `expected` (undefined: no credit line). */
export async function expectBalance(
  holder: Party,
  account: string,
  asset: AssetId,
  expected: bigint | undefined,
  requirement: string,
  when: string,
): Promise<void> {
  const actual = await balanceOf(holder, account, asset);
  if (actual === expected) return;
  const show = (value: bigint | undefined) => (value === undefined ? 'no credit line (404)' : formatUnits(value));
  throw new CheckFailure(
    requirement,
    `${holder.identification}/${account} holds ${show(actual)} ${asset.code} of ${asset.issuer} ${when}, expected ${show(expected)}`,
  );
}
