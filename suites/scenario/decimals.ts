import { parseAmountUnits } from '../../protocol/amount.ts';

/**
 * Decimals as the ledger holds them (fixed point, 7 fraction digits), for the scenario language's
 * arithmetic and comparisons: answers render amounts as strings ("250.7500000") or numbers (250.75),
 * and both must compare exactly, never through binary floats.
 */

/** The value in units of 10^-7, or undefined when it is not a non-negative decimal with at most 7 fraction digits. */
export function decimalOf(value: unknown): bigint | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  try {
    return parseAmountUnits(value);
  } catch {
    return undefined;
  }
}
