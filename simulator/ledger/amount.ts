import { DssError } from '../errors.ts';

/**
 * Amounts of value: non-negative fixed-point numbers with exactly 7 fraction digits, held as a count
 * of units of 10^-7 in a `bigint`. Binary floats never hold money here: JSON numbers are read from
 * their shortest decimal text, so `0.1` is exactly one million units.
 * The brand keeps raw bigints (and their arithmetic) out: an Amount comes from this module only.
 */
declare const amountBrand: unique symbol;
export type Amount = bigint & { readonly [amountBrand]: true };

export const FRACTION_DIGITS = 7;
const UNITS_PER_WHOLE = 10n ** BigInt(FRACTION_DIGITS);
export const ZERO_AMOUNT = 0n as Amount;

/** Longer texts are refused before any big-integer work, so no input can cost real time. */
const MAX_DECIMAL_TEXT = 64;
/** Plain decimal, optionally with an exponent (`String(1e-7)` is "1e-7"); no sign, no blanks. */
const DECIMAL = /^(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d{1,3}))?$/;

/** An exact decimal: coefficient x 10^-scale, scale >= 0. */
interface Decimal {
  coefficient: bigint;
  scale: number;
}

function readDecimal(value: string | number, what: string): Decimal {
  if (typeof value === 'number' && !Number.isFinite(value)) throw invalid(what, `${value} is not a finite number`);
  // A JS number's shortest round-trip text is the decimal the sender wrote, never its binary expansion.
  const text = typeof value === 'number' ? String(value) : value;
  const match = text.length <= MAX_DECIMAL_TEXT ? DECIMAL.exec(text) : null;
  if (!match) throw invalid(what, `${JSON.stringify(text.slice(0, MAX_DECIMAL_TEXT))} is not a non-negative decimal number`);
  const [, whole = '', fraction = '', exponent = '0'] = match;
  const coefficient = BigInt(whole + fraction);
  const scale = fraction.length - Number(exponent);
  return scale >= 0 ? { coefficient, scale } : { coefficient: coefficient * 10n ** BigInt(-scale), scale: 0 };
}

function invalid(what: string, reason: string): DssError {
  return new DssError('AMOUNT-INVALID', `${what}: ${reason}`);
}

/**
 * Reads an amount of the API. Refuses anything that is not exactly representable with 7 fraction
 * digits (trailing zeros do not count: "1.50000000" is 1.5), negatives, NaN and Infinity.
 * @param what names the field in the refusal message
 */
export function parseAmount(value: string | number, what = 'amount'): Amount {
  const { coefficient, scale } = readDecimal(value, what);
  if (scale <= FRACTION_DIGITS) return (coefficient * 10n ** BigInt(FRACTION_DIGITS - scale)) as Amount;
  const divisor = 10n ** BigInt(scale - FRACTION_DIGITS);
  if (coefficient % divisor !== 0n) throw invalid(what, `${String(value)} has more than ${FRACTION_DIGITS} fraction digits`);
  return (coefficient / divisor) as Amount;
}

/** A whole number of units of the asset (credit ceilings are integers in the spec). */
export function amountFromWholeUnits(whole: number): Amount {
  if (!Number.isSafeInteger(whole) || whole < 0) throw new RangeError(`${whole} is not a non-negative safe integer`);
  return (BigInt(whole) * UNITS_PER_WHOLE) as Amount;
}

/** "1250.5000000": always 7 fraction digits, as balances are rendered. */
export function formatAmount(amount: Amount): string {
  const fraction = (amount % UNITS_PER_WHOLE).toString().padStart(FRACTION_DIGITS, '0');
  return `${amount / UNITS_PER_WHOLE}.${fraction}`;
}

/** For answers the spec types as JSON numbers: the double nearest to the exact decimal. */
export function amountToNumber(amount: Amount): number {
  return Number(formatAmount(amount));
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
 * amount x rate, rounded DOWN to 7 fraction digits (the exchange's quoted amount, semantics §8).
 * The rate is read exactly, with any number of fraction digits, so the product is exact before the
 * single rounding step.
 */
export function multiplyRoundDown(amount: Amount, rate: string | number): Amount {
  const { coefficient, scale } = readDecimal(rate, 'foreign_exchange_rate');
  // Both factors are non-negative, so bigint division (toward zero) is rounding down.
  return ((amount * coefficient) / 10n ** BigInt(scale)) as Amount;
}
