import type { ReadingSwitch } from '../readings/catalogue.ts';
import {
  amountToNumber,
  formatAmount,
  FRACTION_DIGITS,
  multiplyRoundDown,
  parseAmount,
  type Amount,
} from './amount.ts';

/**
 * The scale the ledger keeps, and the reading and writing of the API's amounts at it: every amount a
 * request carries is read here (more fraction digits than the scale: AMOUNT-INVALID, 400), and every
 * amount the simulator writes (balances, totals, consolidation and exchange results, gateway payloads,
 * the unsigned mint) is rendered here with exactly the scale's digits. The spec states no precision
 * (lines 79, 118, 206, 296); the reference keeps 7 (docs/semantics.md, "Ledger"). The scale is read
 * at each call, so switching a reading on a running simulator takes effect at once.
 */
export class AmountScale {
  /** @param scale fixed digits, or the readings to read them from at each call (held, not closed over: a snapshot copies it, snapshots/) */
  constructor(private readonly scale: number | ReadingSwitch = FRACTION_DIGITS) {}

  get digits(): number {
    if (typeof this.scale === 'number') return this.scale;
    return this.scale.on('two-decimal-amounts') ? 2 : this.scale.on('nine-decimal-amounts') ? 9 : FRACTION_DIGITS;
  }

  /** @param what names the field in the refusal message */
  parse(value: string | number, what?: string): Amount {
    return parseAmount(value, what, this.digits);
  }

  format(amount: Amount): string {
    return formatAmount(amount, this.digits);
  }

  toNumber(amount: Amount): number {
    return amountToNumber(amount, this.digits);
  }

  /** amount x rate, rounded down to the scale (the exchange's quoted leg). */
  multiplyRoundDown(amount: Amount, rate: string | number): Amount {
    return multiplyRoundDown(amount, rate, this.digits);
  }
}

/**
 * The readings' scale: two-decimal-amounts keeps 2 fraction digits, nine-decimal-amounts 9, the
 * reference 7. Both at once cannot be played; the first in this order wins.
 */
export function readingsScale(readings: ReadingSwitch): AmountScale {
  return new AmountScale(readings);
}
