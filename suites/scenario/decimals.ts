import { parseAmountUnits } from '../../protocol/amount.ts';
import { MAX_AMOUNT_SCALE } from '../../protocol/readings.ts';

/**
 * Decimals as the harness holds them (fixed point, units of 10^-12 as in suites/runtime/money.ts, fine
 * enough for any scale a target declares), for the scenario language's arithmetic and comparisons:
 * answers render amounts as strings ("250.7500000", "250.75") or numbers (250.75), and both must
 * compare exactly, never through binary floats.
 */

/** The value in units of 10^-12, or undefined when it is not a non-negative decimal with at most 12 fraction digits. */
export function decimalOf(value: unknown): bigint | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  try {
    return parseAmountUnits(value, MAX_AMOUNT_SCALE);
  } catch {
    return undefined;
  }
}
