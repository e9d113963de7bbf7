/**
 * Fixed-point amounts as the API carries them: non-negative decimals held as a count of units of 10^-7
 * in a `bigint`. The spec gives amounts no precision (lines 79, 118, 206, 296: a string or a "number
 * (decimal)"); 7 fraction digits are the reference's choice (docs/semantics.md, "Ledger"; "Exchange (DvP)"
 * for the exchange's rounding), the default `scale` here. A target may keep another scale (its profile's
 * `readings.amount_scale`, protocol/readings.ts): every reading and rendering takes the scale as a
 * parameter, and with it the units are 10^-scale. Binary floats never hold money: a JSON number is read from its shortest decimal text, so
 * `0.1` is exactly one million units and `0.1 + 0.2` (0.30000000000000004) is refused, never rounded.
 *
 * Both halves of the kit read and write amounts with this module: the simulator (simulator/ledger/amount.ts
 * brands its result and turns a refusal into its error code) and the harness's scenario language. Its
 * exact behaviour is published as test vectors in protocol/vectors/amount.json.
 */

/** The reference's scale (docs/semantics.md, "Ledger"), not the spec's: the default of every function here. */
export const FRACTION_DIGITS = 7;
export const UNITS_PER_WHOLE = 10n ** BigInt(FRACTION_DIGITS);

/** Longer texts are refused before any big-integer work, so no input can cost real time. */
const MAX_DECIMAL_TEXT = 64;
/** Plain decimal, optionally with an exponent (`String(1e-7)` is "1e-7"); no sign, no blanks. */
const DECIMAL = /^(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d{1,3}))?$/;

/** Why a value is not an amount (or not a rate); the message says what was wrong with it. */
export class AmountSyntaxError extends Error {
  override name = 'AmountSyntaxError';
}

/** An exact decimal: coefficient x 10^-scale, scale >= 0. */
interface Decimal {
  coefficient: bigint;
  scale: number;
}

function readDecimal(value: string | number): Decimal {
  if (typeof value === 'number' && !Number.isFinite(value))
    throw new AmountSyntaxError(`${value} is not a finite number`);
  // A JS number's shortest round-trip text is the decimal the sender wrote, never its binary expansion
  // (and String(-0) is "0": a JSON -0 is zero).
  const text = typeof value === 'number' ? String(value) : value;
  const match = text.length <= MAX_DECIMAL_TEXT ? DECIMAL.exec(text) : null;
  if (!match)
    throw new AmountSyntaxError(
      `${JSON.stringify(text.slice(0, MAX_DECIMAL_TEXT))} is not a non-negative decimal number`,
    );
  const [, whole = '', fraction = '', exponent = '0'] = match;
  const coefficient = BigInt(whole + fraction);
  const scale = fraction.length - Number(exponent);
  return scale >= 0 ? { coefficient, scale } : { coefficient: coefficient * 10n ** BigInt(-scale), scale: 0 };
}

/**
 * Reads an amount (a JSON number or a decimal string) into units of 10^-scale. Refuses, with an
 * AmountSyntaxError, anything not exactly representable with `scale` fraction digits (trailing zeros do
 * not count: "1.50000000" is 1.5), negatives, signs, blanks, NaN and Infinity.
 */
export function parseAmountUnits(value: string | number, scale = FRACTION_DIGITS): bigint {
  const decimal = readDecimal(value);
  if (decimal.scale <= scale) return decimal.coefficient * 10n ** BigInt(scale - decimal.scale);
  const divisor = 10n ** BigInt(decimal.scale - scale);
  if (decimal.coefficient % divisor !== 0n)
    throw new AmountSyntaxError(`${String(value)} has more than ${scale} fraction digits`);
  return decimal.coefficient / divisor;
}

/** Units of 10^-scale as a decimal with exactly `scale` fraction digits: "1250.5000000", "-0.0000001" at 7, as balances are rendered. */
export function formatAmountUnits(units: bigint, scale = FRACTION_DIGITS): string {
  const magnitude = units < 0n ? -units : units;
  const perWhole = 10n ** BigInt(scale);
  const whole = `${units < 0n ? '-' : ''}${magnitude / perWhole}`;
  return scale === 0 ? whole : `${whole}.${(magnitude % perWhole).toString().padStart(scale, '0')}`;
}

/** For answers the spec types as JSON numbers: the double nearest to the exact decimal. */
export function amountUnitsToNumber(units: bigint, scale = FRACTION_DIGITS): number {
  return Number(formatAmountUnits(units, scale));
}

/**
 * amount x rate, rounded DOWN to the amount's own units (10^-7 for the reference: the exchange's quoted
 * amount, semantics §8). The rate is read exactly, with any number of fraction digits, so the product is
 * exact before the single rounding step. A rate that is not a non-negative decimal is an AmountSyntaxError.
 */
export function multiplyRoundDown(units: bigint, rate: string | number): bigint {
  if (units < 0n) throw new RangeError('amounts are never negative');
  const { coefficient, scale } = readDecimal(rate);
  // Both factors are non-negative, so bigint division (toward zero) is rounding down.
  return (units * coefficient) / 10n ** BigInt(scale);
}
