/**
 * The defect behind the fault numeric-string-accepted: a funding instruction whose funding_amount comes
 * as a numeric string ("100") is read as the number, as a lenient parser would, before the request is
 * validated, so the spec's number (float64) column no longer refuses it.
 */

const NUMERIC = /^-?[0-9]+(\.[0-9]+)?$/;

/** The body of `endpointId` with a numeric-string funding_amount read as its number; any other body as it is. */
export function withLenientFundingAmount(endpointId: string, body: unknown): unknown {
  if (
    endpointId !== 'tokenizer.createFundingInstruction' ||
    typeof body !== 'object' ||
    body === null ||
    Array.isArray(body)
  )
    return body;
  const amount = (body as Record<string, unknown>).funding_amount;
  return typeof amount === 'string' && NUMERIC.test(amount) ? { ...body, funding_amount: Number(amount) } : body;
}
