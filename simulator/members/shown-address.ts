import type { SimState } from '../state.ts';
import type { DigitalAccount } from './registry.ts';

/**
 * The ledger address the simulator shows for an account (digitalAccount, memberInfo, the control
 * plane): its StrKey, or under reading opaque-addresses a UUID (spec line 47 gives the field no form).
 * Either way the simulator signs and verifies with the account's own key, never with what it shows.
 */
export function shownAddress(state: SimState, account: DigitalAccount): string {
  return state.readings.on('opaque-addresses') ? account.key.opaqueAddress : account.key.address;
}
