import { AmountSyntaxError, amountUnitsToNumber, formatAmountUnits, FRACTION_DIGITS, multiplyRoundDown as multiplyUnitsRoundDown, parseAmountUnits, UNITS_PER_WHOLE } from '../../protocol/amount.ts';
import { DssError } from '../errors.ts';

/**
 * The ledger's amounts: the protocol's fixed-point amounts (protocol/amount.ts: non-negative, 7
 * fraction digits, units of 10^-7 in a `bigint`, never a binary float), branded so that raw bigints
 * (and their arithmetic) stay out: an Amount comes from this module only. A value that is not an
 * amount is refused with AMOUNT-INVALID, naming the field.
 */
declare const amountBrand: unique symbol;
export type Amount = bigint & { readonly [amountBrand]: true };

export { FRACTION_DIGITS };
export const ZERO_AMOUNT = 0n as Amount;

function invalid(what: string, error: unknown): never {
  if (error instanceof AmountSyntaxError) throw new DssError('AMOUNT-INVALID', `${what}: ${error.message}`);
  throw error;
}

/**
 * Reads an amount of the API (protocol/amount.ts's parseAmountUnits).
 * @param what names the field in the refusal message
 */
export function parseAmount(value: string | number, what = 'amount'): Amount {
  try {
    return parseAmountUnits(value) as Amount;
  } catch (error) {
    return invalid(what, error);
  }
}

/** A whole number of units of the asset (credit ceilings are integers in the spec). */
export function amountFromWholeUnits(whole: number): Amount {
  if (!Number.isSafeInteger(whole) || whole < 0) throw new RangeError(`${whole} is not a non-negative safe integer`);
  return (BigInt(whole) * UNITS_PER_WHOLE) as Amount;
}

/** "1250.5000000": always 7 fraction digits, as balances are rendered. */
export function formatAmount(amount: Amount): string {
  return formatAmountUnits(amount);
}

/** For answers the spec types as JSON numbers: the double nearest to the exact decimal. */
export function amountToNumber(amount: Amount): number {
  return amountUnitsToNumber(amount);
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

/** amount x rate, rounded down to 7 fraction digits (protocol/amount.ts); a bad rate is AMOUNT-INVALID. */
export function multiplyRoundDown(amount: Amount, rate: string | number): Amount {
  try {
    return multiplyUnitsRoundDown(amount, rate) as Amount;
  } catch (error) {
    return invalid('foreign_exchange_rate', error);
  }
}
