import type { JsonSchema } from './catalogue-types.ts';
import { financialMessageType, type MessageTypeName } from './iso20022/message-types.ts';
import { instrumentWithIssuer, resourceSchemas } from './resources.ts';
import { amountOrZero, nonEmpty, positiveAmount, refine } from './spec-types.ts';

/**
 * The request form of the resources that answers carry too (fundingInfo, financialMessage,
 * requestQuotation, quotationParameters for a cancellation): the spec's resource with the reference
 * simulator's input rules (semantics.md). The simulator validates these requests with exactly these
 * schemas, and the OpenAPI document shows them as the request bodies, so the two cannot disagree;
 * the answers keep the spec's resource, which is what the harness judges a vendor by.
 */

/** Times below 10^12 are seconds, not milliseconds (10^12 ms is September 2001): semantics §7. */
const SMALLEST_MILLISECONDS = 1e12;

/** fundingInfo as a tokenizer instructs and sends it (semantics §5). */
export const fundingInput: JsonSchema = refine(resourceSchemas.fundingInfo, {
  properties: {
    end_to_end_identification: nonEmpty,
    funding_amount: positiveAmount,
    member_identification: nonEmpty,
    tokenizer_identification: nonEmpty,
  },
});

/** A financialMessage on a route that takes only `types` (semantics §11). */
export function financialMessageInput(types: readonly MessageTypeName[]): JsonSchema {
  return refine(resourceSchemas.financialMessage, {
    required: ['financial_message_data'],
    properties: {
      financial_message_type: {
        enum: types.map(financialMessageType),
        description: `the types this endpoint takes: ${types.join(', ')}`,
      },
      financial_message_data: { minLength: 1 },
    },
  });
}

/** A quotation request: both assets with their issuers, amounts and a validity in milliseconds (semantics §7). */
export const requestQuotationInput: JsonSchema = refine(resourceSchemas.requestQuotation, {
  required: ['base_asset_info', 'quoted_asset_info'],
  properties: {
    base_asset_info: { ...instrumentWithIssuer, description: 'base asset; required by the reference (semantics §7)' },
    quoted_asset_info: {
      ...instrumentWithIssuer,
      description: 'quoted asset; required by the reference (semantics §7)',
    },
    buyer_member_identification: nonEmpty,
    maximum_amount_limit: positiveAmount,
    minimum_amount_limit: amountOrZero,
    time_end_request_quotation: {
      minimum: SMALLEST_MILLISECONDS,
      description: 'milliseconds since the epoch (a value below 10^12 would be seconds)',
    },
  },
});

const conditionLists = [
  'base_asset_info',
  'quoted_asset_info',
  'foreign_exchange_rate',
  'request_quotation_state',
  'time_end_request_quotation',
];

/**
 * The body of `DELETE /exchange/quotations`: at least one condition, or `cancel_quotations: true`
 * to cancel every open quotation, so an empty body cannot wipe a book by mistake (semantics §7).
 */
export const cancellationConditions: JsonSchema = refine(resourceSchemas.quotationParameters, {
  rules: {
    anyOf: [
      { type: 'object', required: ['cancel_quotations'], properties: { cancel_quotations: { const: true } } },
      { type: 'object', required: ['buyer_member_identification'] },
      { type: 'object', required: ['seller_member_identification'] },
      ...conditionLists.map((name) => ({
        type: 'object',
        required: [name],
        properties: { [name]: { type: 'array', minItems: 1 } },
      })),
    ],
  },
});
