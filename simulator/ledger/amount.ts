import {
  AmountSyntaxError,
  formatAmountUnits,
  FRACTION_DIGITS,
  multiplyRoundDown as multiplyUnitsRoundDown,
  parseAmountUnits,
} from '../../protocol/amount.ts';
import { DssError } from '../errors.ts';

/**
 * The ledger's amounts: the protocol's fixed-point amounts (protocol/amount.ts: non-negative, never a
 * binary float), branded so that raw bigints (and their arithmetic) stay out: an Amount comes from this
 * module only. They are held in units of 10^-9, the finest scale the simulator ever keeps (reading
 * nine-decimal-amounts); which amounts the API takes and how they are written is the ledger's scale,
 * `digits` below, the reference's 7 unless a caller passes another (state.amounts, amount-scale.ts, passes
 * the one the readings give). A value that is not an amount at that scale is refused with AMOUNT-INVALID,
 * naming the field.
 */
declare const amountBrand: unique symbol;
export type Amount = bigint & { readonly [amountBrand]: true };

export { FRACTION_DIGITS };
/** Fraction digits of the units an Amount counts. */
export const HELD_DIGITS = 9;
const UNITS_PER_WHOLE = 10n ** BigInt(HELD_DIGITS);
export const ZERO_AMOUNT = 0n as Amount;

/** Units of an Amount per unit of the last digit at `digits` fraction digits. */
function quantum(digits: number): bigint {
  if (!Number.isInteger(digits) || digits < 0 || digits > HELD_DIGITS)
    throw new RangeError(`the ledger keeps 0 to ${HELD_DIGITS} fraction digits, not ${digits}`);
  return 10n ** BigInt(HELD_DIGITS - digits);
}

function invalid(what: string, error: unknown): never {
  if (error instanceof AmountSyntaxError) throw new DssError('AMOUNT-INVALID', `${what}: ${error.message}`);
  throw error;
}

/**
 * Reads an amount of the API with at most `digits` fraction digits (protocol/amount.ts's parseAmountUnits).
 * @param what names the field in the refusal message
 */
export function parseAmount(value: string | number, what = 'amount', digits = FRACTION_DIGITS): Amount {
  try {
    return (parseAmountUnits(value, digits) * quantum(digits)) as Amount;
  } catch (error) {
    return invalid(what, error);
  }
}

/** A whole number of units of the asset (credit ceilings are integers in the spec). */
export function amountFromWholeUnits(whole: number): Amount {
  if (!Number.isSafeInteger(whole) || whole < 0) throw new RangeError(`${whole} is not a non-negative safe integer`);
  return (BigInt(whole) * UNITS_PER_WHOLE) as Amount;
}

/**
 * "1250.5000000" at 7 digits, "1250.50" at 2: the amount with exactly `digits` fraction digits, as
 * balances are rendered. An amount held at a finer scale (read before the readings changed the scale)
 * gets the digits it needs: a rendering never loses value.
 */
export function formatAmount(amount: Amount, digits = FRACTION_DIGITS): string {
  let shown = digits;
  while (amount % quantum(shown) !== 0n) shown += 1;
  return formatAmountUnits(amount / quantum(shown), shown);
}

/** For answers the spec types as JSON numbers: the double nearest to the exact decimal. */
export function amountToNumber(amount: Amount, digits = FRACTION_DIGITS): number {
  return Number(formatAmount(amount, digits));
}

export function addAmounts(a: Amount, b: Amount): Amount {
  return (a + b) as Amount;
}

/** Amounts are never negative; a caller that subtracts more than there is has a defect. */
export function subtractAmounts(a: Amount, b: Amount): Amount {
  if (b > a) throw new RangeError(`cannot subtract ${formatAmount(b)} from ${formatAmount(a)}`);
  return (a - b) as Amount;
}

export function compareAmounts(a: Amount, b: Amount): -1 | 0 | 1 {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * amount x rate, rounded down to `digits` fraction digits (protocol/amount.ts rounds down to the held
 * units; the second floor to a coarser digit is the same single rounding of the exact product); a bad
 * rate is AMOUNT-INVALID.
 */
export function multiplyRoundDown(amount: Amount, rate: string | number, digits = FRACTION_DIGITS): Amount {
  try {
    const product = multiplyUnitsRoundDown(amount, rate);
    return (product - (product % quantum(digits))) as Amount;
  } catch (error) {
    return invalid('foreign_exchange_rate', error);
  }
}
