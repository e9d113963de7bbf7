import type { Principal } from '../../simulator/auth/principal.ts';
import type { TokenRequest } from '../../simulator/auth/tokens.ts';
import { DssError } from '../../simulator/errors.ts';
import { parseAmount } from '../../simulator/ledger/amount.ts';
import type { AssetRef } from '../../simulator/ledger/ledger.ts';
import { createState, type SimState } from '../../simulator/state.ts';

/**
 * The value layer's test network (test support only): two tokenizers with a registered DSA each, two
 * activated market makers, one that is not activated yet, and a helper that funds an allowed line
 * directly through the ledger, so each domain test sets up only what it is about.
 */
export const USD: AssetRef = { code: 'USD', issuer: 'tokenizer-us' };
export const EUR: AssetRef = { code: 'EUR', issuer: 'tokenizer-eu' };
export const USDDSO: AssetRef = { code: 'USDDSO', issuer: 'maker-aa' };

export async function valueNetwork() {
  const state = await createState({ clock: Date.UTC(2026, 2, 1, 12, 0, 0, 7), networkSeed: 'value-layer-tests' });
  state.members.add({ identification: 'tokenizer-us', bicfi: 'TOKNUS33', business_role: 'MIS', country_code: 'US' });
  state.members.add({ identification: 'tokenizer-eu', bicfi: 'TOKNDEFF', business_role: 'MIS', country_code: 'DE' });
  state.members.add({
    identification: 'maker-aa',
    bicfi: 'MAKAGB2L',
    business_role: 'MMM',
    country_code: 'GB',
    operating_accounts: ['main', 'second'],
  });
  state.members.add({ identification: 'maker-bb', bicfi: 'MAKBSGSG', business_role: 'MMM', country_code: 'SG' });
  state.members.add({
    identification: 'maker-cc',
    bicfi: 'MAKCKENA',
    business_role: 'MMM',
    country_code: 'KE',
    member_state: 'created',
  });
  for (const { code, issuer } of [USD, EUR]) {
    state.assets.register({
      asset_code_identification: code,
      asset_group_identification: 'DSA',
      asset_issuer_identification: issuer,
    });
  }
  return {
    state,
    /** A manager token of `member` (all accounts unless the request narrows them), authenticated as a route would. */
    async principal(member: string, request: Partial<TokenRequest> = {}): Promise<Principal> {
      const { token } = await state.tokens.issue({ member_identification: member, role: 'manager', ...request });
      return state.tokens.authenticate(`Bearer ${token}`);
    },
  };
}

/** Records a DSO as issued by its issuer (what `POST /settlement-instruments` does). */
export function issueDsoDirectly(state: SimState, asset: AssetRef): void {
  state.assets.register({
    asset_code_identification: asset.code,
    asset_group_identification: 'DSO',
    asset_issuer_identification: asset.issuer,
  });
}

/** Opens and allows a line for `member/account`, then mints `amount` into it (if above zero). */
export function fundLine(
  state: SimState,
  member: string,
  account: string,
  asset: AssetRef,
  ceiling: number,
  amount = '0',
): void {
  state.ledger.requestCreditLine(member, account, asset, ceiling);
  state.ledger.allowCreditLine(member, account, asset);
  if (amount === '0') return;
  const minted = state.ledger.submit([
    {
      from: { member: asset.issuer, account: 'emission' },
      to: { member, account },
      asset,
      amount: parseAmount(amount),
    },
  ]);
  if (minted.failure) throw new Error(`test setup: ${minted.failure.detail}`);
}

/** The status, code and detail of the DssError a function throws; undefined when it throws none. */
export function refusal(action: () => unknown): { status: number; code: string; detail: string } | undefined {
  try {
    action();
  } catch (error) {
    if (error instanceof DssError) return { status: error.status, code: error.code, detail: error.detail };
    throw error;
  }
  return undefined;
}
