import { formatAmountUnits, FRACTION_DIGITS } from '../../protocol/amount.ts';
import { MAX_AMOUNT_SCALE } from '../../protocol/readings.ts';
import { HarnessFault } from './harness-fault.ts';

/**
 * Amounts as the harness holds them (the flows, the checks, the invariant model): signed counts of
 * 10^-12 units in a bigint, never binary floats, fine enough for every scale a target may declare
 * (protocol/readings.ts, `amount_scale` 0 to 12: the spec gives amounts no precision, lines 79, 118,
 * 206, 296). Signed, unlike the simulator's amounts, because a target's balance may be wrong in any
 * direction and the harness must be able to say so. The reading of a target's balance text is the
 * harness's own (tolerant of a sign and of any number of fraction digits, never the simulator's parser);
 * what a check sends stays within the target's declared scale (`atScale`, `lastDigit`).
 */
export const HARNESS_DIGITS = MAX_AMOUNT_SCALE;
const UNITS_PER_WHOLE = 10n ** BigInt(HARNESS_DIGITS);

/** Up to 15 significant digits survive a round trip through a JSON number (a double) unchanged. */
const MAX_JSON_DIGITS = 15;

const BALANCE_TEXT = /^(-)?(\d{1,20})(?:\.(\d{1,64}))?$/;

/**
 * A balance as a target renders it ("1250.5000000", "1250.50", "-3", "0.000000001"), with any number
 * of fraction digits; undefined when it is no such decimal, or when it has a non-zero digit beyond the
 * 12th (finer than any scale a target can declare, so not held exactly here).
 */
export function readBalanceText(text: string): bigint | undefined {
  const match = BALANCE_TEXT.exec(text);
  if (!match) return undefined;
  const [, sign, whole = '0', digits = ''] = match;
  if (/[1-9]/.test(digits.slice(HARNESS_DIGITS))) return undefined;
  const units = BigInt(whole) * UNITS_PER_WHOLE + BigInt(digits.slice(0, HARNESS_DIGITS).padEnd(HARNESS_DIGITS, '0'));
  return sign ? -units : units;
}

/** A JSON number of an answer as the decimal amount it stands for (`1e-9` is 0.000000001); undefined when it is none. */
export function jsonNumberUnits(value: number): bigint | undefined {
  return readBalanceText(decimalText(value));
}

/** A JSON number as the decimal it stands for, without exponent notation (`1e-7` -> `0.0000001`). */
export function decimalText(value: number): string {
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value.toFixed(20).replace(/0+$/, '').replace(/\.$/, '');
}

/**
 * "12.5000000", "-0.0000001", "1.000000001": the reference's 7 fraction digits (protocol/amount.ts),
 * more when the amount has them. For messages and for comparing two amounts of the harness, never to
 * judge how a target writes amounts.
 */
export function formatUnits(units: bigint): string {
  let digits = FRACTION_DIGITS;
  while (units % 10n ** BigInt(HARNESS_DIGITS - digits) !== 0n) digits += 1;
  return formatAmountUnits(units / 10n ** BigInt(HARNESS_DIGITS - digits), digits);
}

/**
 * The JSON number a request carries for an amount. Exact: the shortest text of the double is the
 * decimal itself as long as it has at most 15 significant digits, which is checked.
 */
export function unitsToJsonNumber(units: bigint): number {
  if (units < 0n || significantDigits(units) > MAX_JSON_DIGITS)
    throw new HarnessFault(`amount ${formatUnits(units)} cannot travel exactly as a JSON number`);
  return Number(formatUnits(units));
}

/** Digits of the amount's decimal without leading and trailing zeros. */
function significantDigits(units: bigint): number {
  let coefficient = units;
  while (coefficient > 0n && coefficient % 10n === 0n) coefficient /= 10n;
  return coefficient === 0n ? 0 : coefficient.toString().length;
}

export function wholeUnits(whole: number): bigint {
  return BigInt(whole) * UNITS_PER_WHOLE;
}

/** The smallest whole number of units at or above `units` (credit ceilings are integers). */
export function ceilToWhole(units: bigint): number {
  const whole = units / UNITS_PER_WHOLE + (units % UNITS_PER_WHOLE > 0n ? 1n : 0n);
  return Number(whole);
}

/** One unit of the last fraction digit a ledger of `scale` digits keeps: 0.0000001 at the reference's 7, 0.01 at 2. */
export function lastDigit(scale: number): bigint {
  if (!Number.isInteger(scale) || scale < 0 || scale > HARNESS_DIGITS)
    throw new HarnessFault(`an amount scale is 0 to ${HARNESS_DIGITS} fraction digits, not ${scale}`);
  return 10n ** BigInt(HARNESS_DIGITS - scale);
}

/**
 * `units` with at most `scale` fraction digits, rounded up to the next unit of the last digit (so that
 * an amount above zero stays above zero): what a check sends a target that keeps `scale` digits.
 */
export function atScale(units: bigint, scale: number): bigint {
  const unit = lastDigit(scale);
  const rest = units % unit;
  return rest === 0n ? units : units - rest + (units > 0n ? unit : 0n);
}

/** .345678912345 in units of 10^-12: a fraction with a different non-zero digit in every place. */
const EVERY_DIGIT = 345_678_912_345n;

/**
 * An amount that uses every fraction digit a ledger of `scale` digits keeps: `whole` and the first
 * `scale` digits of .345678912345 (12.3456789 at the reference's 7, 12.34 at 2, 12.345678912 at 9).
 */
export function fullScaleAmount(whole: number, scale: number): bigint {
  return wholeUnits(whole) + EVERY_DIGIT - (EVERY_DIGIT % lastDigit(scale));
}

/** `count` units of 10^-7 (the reference's last digit, the unit the invariants' generators are written in), brought to `scale`. */
export function referenceUnits(count: bigint, scale: number): bigint {
  return atScale(count * lastDigit(FRACTION_DIGITS), scale);
}

/** `count` units of the target's last digit (of the reference's, rounded up to the target's, when it keeps fewer): tiny amounts that test the last digit. */
export function lastDigitUnits(count: bigint, scale: number): bigint {
  return atScale(count * lastDigit(Math.max(scale, FRACTION_DIGITS)), scale);
}
