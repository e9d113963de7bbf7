import { formatAmountUnits, FRACTION_DIGITS, UNITS_PER_WHOLE } from '../../protocol/amount.ts';
import { HarnessFault } from './harness-fault.ts';

/**
 * Amounts as the harness holds them (the flows, the checks, the invariant model): signed counts of
 * 10^-7 units in a bigint, never binary floats. Signed, unlike the simulator's amounts, because a
 * target's balance may be wrong in any direction and the harness must be able to say so. The reading of
 * a target's balance text is the harness's own (tolerant of a sign, never the simulator's parser); the
 * protocol's rules (7 fraction digits, the rendering) come from protocol/amount.ts, shared by both halves.
 */

/** Up to 15 significant digits survive a round trip through a JSON number (a double) unchanged. */
const MAX_JSON_UNITS = 10n ** 15n - 1n;

const BALANCE_TEXT = /^(-)?(\d{1,20})(?:\.(\d{1,7}))?$/;

/** A balance as a target renders it ("1250.5000000", "-3", "0.5"); undefined when it is no such decimal. */
export function readBalanceText(text: string): bigint | undefined {
  const match = BALANCE_TEXT.exec(text);
  if (!match) return undefined;
  const [, sign, whole = '0', fraction = ''] = match;
  const units = BigInt(whole) * UNITS_PER_WHOLE + BigInt(fraction.padEnd(FRACTION_DIGITS, '0'));
  return sign ? -units : units;
}

/** "12.5000000", "-0.0000001": always 7 fraction digits, as balances are rendered (protocol/amount.ts). */
export const formatUnits = formatAmountUnits;

/**
 * The JSON number a request carries for an amount. Exact: the shortest text of the double is the
 * decimal itself as long as it has at most 15 significant digits, which the bound guarantees.
 */
export function unitsToJsonNumber(units: bigint): number {
  if (units < 0n || units > MAX_JSON_UNITS) throw new HarnessFault(`amount ${formatUnits(units)} cannot travel exactly as a JSON number`);
  return Number(formatUnits(units));
}

export function wholeUnits(whole: number): bigint {
  return BigInt(whole) * UNITS_PER_WHOLE;
}

/** The smallest whole number of units at or above `units` (credit ceilings are integers). */
export function ceilToWhole(units: bigint): number {
  const whole = units / UNITS_PER_WHOLE + (units % UNITS_PER_WHOLE > 0n ? 1n : 0n);
  return Number(whole);
}
