/**
 * Records one working example per request body and parameter of the OpenAPI document: starts a
 * simulator with the demo network, walks the API's flows through the spec's own endpoints (directory,
 * allowlist, credit lines, DSO issuance, funding, consolidation, quotations and exchange, charges,
 * gateway, listening, signing, token renewal), keeps the first request of each operation that was
 * answered 200, and writes them to schemas/openapi-examples.ts, which the document reads.
 *
 *   npm run docs:openapi-examples
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { endpointById, fullPath, type EndpointId } from '../../schemas/endpoints.ts';
import {
  complianceAnswer,
  creditTransfer,
  paymentStory,
  redemptionAnswer,
  redemptionRequest,
  redemptionStory,
  storyMessage,
} from '../../schemas/iso20022/message-builders.ts';
import { financialMessage } from '../../schemas/iso20022/message-envelope.ts';
import type { MessageTypeName } from '../../schemas/iso20022/message-types.ts';
import { startSimulator } from '../../simulator/server.ts';

interface Example {
  params?: Record<string, unknown>;
  body?: unknown;
}

const sim = await startSimulator({ port: 0 });
const network = (await (await fetch(`${sim.url}/sim/network`)).json()) as {
  members: Array<{ identification: string; token: string }>;
};
const tokens = Object.fromEntries(network.members.map((member) => [member.identification, member.token])) as Record<
  string,
  string
>;
const recorded: Partial<Record<EndpointId, Example>> = {};

/** Calls an operation as `member`; records the request when it is answered 200 and none was yet. */
async function call(
  member: string,
  id: EndpointId,
  params: Record<string, string | number> = {},
  body?: unknown,
): Promise<unknown> {
  const endpoint = endpointById(id);
  let path = fullPath(endpoint);
  const query: string[] = [];
  for (const param of endpoint.params) {
    const value = params[param.name];
    if (value === undefined) continue;
    if (param.in === 'path') path = path.replace(`{${param.name}}`, encodeURIComponent(String(value)));
    else query.push(`${param.name}=${encodeURIComponent(String(value))}`);
  }
  const { status, answer } = await send(
    endpoint.method,
    `${path}${query.length > 0 ? `?${query.join('&')}` : ''}`,
    tokens[member]!,
    body,
  );
  if (status !== 200) throw new Error(`${id} as ${member} answered ${status}: ${JSON.stringify(answer)}`);
  const kept = endpoint.params
    .filter((param) => params[param.name] !== undefined)
    .map((param) => [
      param.name,
      param.schema.type === 'integer' ? Number(params[param.name]) : String(params[param.name]),
    ]);
  recorded[id] ??= {
    ...(kept.length > 0 ? { params: Object.fromEntries(kept) } : {}),
    ...(body === undefined ? {} : { body }),
  };
  return answer;
}

/** node:http, since two operations take a body on GET. */
function send(
  method: string,
  path: string,
  token: string,
  body: unknown,
): Promise<{ status: number; answer: unknown }> {
  const url = new URL(sim.url);
  const bytes = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(bytes ? { 'content-type': 'application/json', 'content-length': bytes.length } : {}),
        },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            answer: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null'),
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(bytes);
  });
}

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
/** Keys sorted at every level, no blanks: the canonical form signatures are made over (semantics §3). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

const L = 'mm-london';
const S = 'mm-singapore';
const USD = {
  asset_code_identification: 'USD',
  asset_group_identification: 'DSA',
  asset_issuer_identification: 'tokenizer-usd',
};
const EUR = {
  asset_code_identification: 'EUR',
  asset_group_identification: 'DSA',
  asset_issuer_identification: 'tokenizer-eur',
};

// Directory and accounts.
await call(L, 'member.listMembers', { country_code: 'SG' });
await call(L, 'member.getMember', { member_identification: S });
await call('tokenizer-usd', 'tokenizer.listMembers', { country_code: 'GB' });
await call('tokenizer-usd', 'tokenizer.getMember', { member_identification: L });
await call('tokenizer-usd', 'tokenizer.getAccountAddress', { addressing_identification: `main*GB.${L}.dss.example` });
await call('tokenizer-usd', 'tokenizer.listAvailableInstruments', { tokenizer_identification: 'tokenizer-usd' });
await call(L, 'member.listDigitalAccounts');
await call(L, 'member.getDigitalAccount', { account_identification: 'main' });
await call(L, 'member.listSettlementInstruments');
await call(L, 'member.listPaymentPoints', { country_code: 'GB', point_type: 'Bank' });
await call(L, 'member.readGatewayMessages', { type: 'transactions' });

// Allowlists, both ways; a DSO and its obligations.
await call(L, 'member.addToAllowlist', {}, S);
await call(S, 'member.addToAllowlist', {}, L);
await call(L, 'member.addToAllowlist', {}, 'tokenizer-usd');
await call('tokenizer-usd', 'member.addToAllowlist', {}, L);
await call(L, 'member.getAllowlist');
await call(L, 'member.issueSettlementInstrument', {
  asset_code_identification: 'GBPDSO',
  asset_group_identification: 'DSO',
});
await call(L, 'member.listEmittedInstruments');
await call(L, 'member.listObligations', { asset_code_identification: 'GBPDSO' });
await call(L, 'member.getObligation', { asset_code_identification: 'GBPDSO' });

// Credit lines: each holder requests, each tokenizer allows; then the tokenizers fund.
const lines: Array<[string, string, typeof USD]> = [
  [L, 'main', USD],
  [L, 'second', USD],
  [L, 'main', EUR],
  [S, 'main', USD],
  [S, 'main', EUR],
];
for (const [holder, account, asset] of lines) {
  const tokenizer = asset.asset_issuer_identification;
  await call(
    holder,
    'member.changeCreditLine',
    {},
    {
      account_identification: account,
      asset_code_identification: asset.asset_code_identification,
      credit_line_state: 'request',
      maximum_credit_limit: 1_000_000,
      member_identification: tokenizer,
    },
  );
  await call(
    tokenizer,
    'tokenizer.changeCreditLine',
    { tokenizer_identification: tokenizer },
    {
      account_identification: account,
      asset_code_identification: asset.asset_code_identification,
      credit_line_state: 'allow',
      member_identification: holder,
    },
  );
}
for (const [holder, account, asset] of lines) {
  const tokenizer = asset.asset_issuer_identification;
  const info = {
    account_identification: account,
    end_to_end_identification: `example-${holder}-${account}-${asset.asset_code_identification}`,
    funding_amount: 5000.25,
    issued_asset_code_identification: asset.asset_code_identification,
    member_identification: holder,
    tokenizer_identification: tokenizer,
  };
  const instruction = (await call(tokenizer, 'tokenizer.createFundingInstruction', {}, info)) as {
    unsigned_transaction_object: string;
  };
  const payloadSignature = (await call(
    tokenizer,
    'member.signPayload',
    {},
    { account_identification: 'emission', unsigned_payload: base64(canonical(info)) },
  )) as { payload: string };
  const transactionSignature = (await call(
    tokenizer,
    'member.signPayload',
    {},
    { account_identification: 'emission', unsigned_payload: instruction.unsigned_transaction_object },
  )) as { payload: string };
  await call(
    tokenizer,
    'tokenizer.sendFunding',
    { funding_payload_signature: payloadSignature.payload, signed_funding_transaction: transactionSignature.payload },
    info,
  );
}
await call(L, 'member.getBalance', {
  account_identification: 'main',
  asset_code_identification: 'USD',
  asset_issuer_identification: 'tokenizer-usd',
});
await call(L, 'member.listAccountInstruments', { account_identification: 'second' });
await call(L, 'member.listMemberInstruments', { member_identification: L, type: 'both' });
await call(
  L,
  'member.consolidate',
  { account_identification: 'main' },
  { instruction: [{ asset_info: [USD], consolidated_amount: 100.5, source_account_identification: 'second' }] },
);
await call(L, 'member.restartListening', { account_identification: 'main', reference: 'now' });

// A quotation request, the seller's signed answer, the buyer's signed exchange.
const end = Date.now() + 60 * 60 * 1000;
const requestBody = {
  base_asset_info: [USD],
  buyer_member_identification: L,
  maximum_amount_limit: 1000,
  minimum_amount_limit: 1,
  quoted_asset_info: [EUR],
  time_end_request_quotation: end,
};
const { request_uuid: requestUuid } = (await call(L, 'member.requestQuotations', {}, requestBody)) as {
  request_uuid: string;
};
const messages = (await call(S, 'member.readGatewayMessages', { type: 'quotations' })) as Array<{
  response_data: Array<{ quotation_uuid: string; request_quotation: unknown[] }>;
}>;
const asked = messages
  .flatMap((message) => message.response_data)
  .find((data) => data.quotation_uuid.startsWith(requestUuid))!;
const now = Date.now();
const quotation = {
  end_time: now + 30 * 60 * 1000,
  foreign_exchange_rate: 0.92,
  maximum_amount_limit: 1000,
  minimum_amount_limit: 1,
  quotation_uuid: asked.quotation_uuid,
  request_quotation: asked.request_quotation,
  seller_crediting_account_identification: 'main',
  seller_debiting_account_identification: 'main',
  seller_member_identification: S,
  start_time: now - 1000,
};
const quotationPayload = base64(JSON.stringify(quotation));
const quotationSignature = (await call(
  S,
  'member.signPayload',
  {},
  { account_identification: 'main', unsigned_payload: quotationPayload },
)) as { payload: string };
await call(
  S,
  'member.answerQuotation',
  { quotation_uuid: asked.quotation_uuid },
  { member_signature: quotationSignature.payload, quotation_payload: quotationPayload },
);
await call(L, 'member.getQuotationsOfRequest', { request_uuid: requestUuid });
await call(L, 'member.getQuotation', { quotation_uuid: asked.quotation_uuid });
await call(L, 'member.findQuotations', {}, { seller_member_identification: S });
await call(
  L,
  'member.searchQuotations',
  {},
  { request_quotation_state: [{ comparison_value: 10, relational_operator: 'eq' }] },
);
const exchangePayload = base64(
  JSON.stringify({
    amount_base_asset: 100,
    buyer_crediting_account_identification: 'main',
    buyer_debiting_account_identification: 'main',
    quotation_info: [quotation],
  }),
);
const exchangeSignature = (await call(
  L,
  'member.signPayload',
  {},
  { account_identification: 'main', unsigned_payload: exchangePayload },
)) as { payload: string };
await call(
  L,
  'member.exchange',
  {},
  { exchange_payload: exchangePayload, member_signature: exchangeSignature.payload },
);

// A second request, cancelled one quotation at a time and then all at once.
const second = (await call(L, 'member.requestQuotations', {}, { ...requestBody, maximum_amount_limit: 500 })) as {
  request_uuid: string;
};
await call(L, 'member.cancelQuotation', { quotation_uuid: `${second.request_uuid}-${S}` });
await call(L, 'member.requestQuotations', {}, { ...requestBody, maximum_amount_limit: 250 });
await call(L, 'member.cancelQuotations', {}, { buyer_member_identification: L });

// A fee calculation asked and answered.
const chargeUuid = randomUUID();
await call(
  L,
  'member.requestCharge',
  { member_identification: S },
  {
    instructed_currency_code: 'USD',
    instructed_net_amount: 100,
    interbank_settlement_instrument: [USD],
    member_identification: L,
    request_uuid: chargeUuid,
  },
);
await call(S, 'member.readGatewayMessages', { type: 'charge' });
await call(
  S,
  'member.answerCharge',
  { member_identification: L },
  {
    fee_amount: 1.5,
    instructed_amount: 100,
    instructed_currency_code: 'USD',
    interbank_settlement_amount_without_fee: 100,
    interbank_settlement_instrument: [USD],
    request_uuid: chargeUuid,
  },
);

// ISO 20022 messages, each signed through POST /sign/message: a payment and its compliance answer,
// then a redemption and the tokenizer's answer.
async function signedMessage(
  member: string,
  type: MessageTypeName,
  document: string,
  from: string,
  to: string,
  identification: string,
) {
  const unsigned = financialMessage(type, storyMessage(type, document, from, to, identification));
  const signed = (await call(
    member,
    'member.signMessage',
    {},
    { account_identification: 'main', unsigned_payload: unsigned.financial_message_data },
  )) as { payload: string };
  return { ...unsigned, financial_message_data: signed.payload };
}
const story = paymentStory({
  ofi: 'MMLOGB2L',
  rfi: 'MMSGSGSG',
  issuer: 'tokenizer-usd',
  amount: '250.5',
  messageIdentification: 'MMLOGB2L-EXAMPLE-0001',
  instruction: 'MMLOGB2L-INSTR-0001',
  endToEnd: 'EXAMPLE-E2E-0001',
  uetr: randomUUID(),
});
await call(
  L,
  'member.sendPayment',
  {},
  await signedMessage(L, 'pacs.008.001.08', creditTransfer(story), story.ofi, story.rfi, story.messageIdentification),
);
await call(S, 'member.readGatewayMessages', { type: 'payment' });
await call(
  S,
  'member.replyPayment',
  {},
  await signedMessage(
    S,
    'SVC.001.001.01',
    complianceAnswer(story, { messageIdentification: 'MMSGSGSG-CMP-0001' }),
    story.rfi,
    story.ofi,
    'MMSGSGSG-CMP-0001',
  ),
);
await call(L, 'member.listTransactions', {
  data_type: 'INSTRUCTION_IDENTIFICATION',
  data_id: story.instruction,
  maximum_transaction_count: 20,
  target_page_number: 1,
});
const redemption = redemptionStory({
  member: 'MMLOGB2L',
  tokenizerBic: 'TKNUUS33',
  tokenizer: 'tokenizer-usd',
  amount: '300',
  messageIdentification: 'MMLOGB2L-RDM-0001',
  instruction: 'MMLOGB2L-RDM-INSTR-1',
  endToEnd: 'EXAMPLE-RDM-0001',
  uetr: randomUUID(),
});
await call(
  L,
  'member.redeem',
  {},
  await signedMessage(
    L,
    'pacs.009.001.08',
    redemptionRequest(redemption),
    redemption.member,
    redemption.tokenizerBic,
    redemption.messageIdentification,
  ),
);
await call(
  'tokenizer-usd',
  'tokenizer.answerRedemption',
  {},
  await signedMessage(
    'tokenizer-usd',
    'pacs.002.001.10',
    redemptionAnswer(redemption, { messageIdentification: 'TKNUUS33-RDM-ANS-1' }),
    redemption.tokenizerBic,
    redemption.member,
    'TKNUUS33-RDM-ANS-1',
  ),
);

// Last: the allowlist entry removed, and the token renewed (which revokes the one used so far).
await call(L, 'member.removeFromAllowlist', {}, S);
await call(L, 'member.refreshToken', {}, tokens[L]);

await sim.close();
const target = fileURLToPath(new URL('../../schemas/openapi-examples.ts', import.meta.url));
writeFileSync(
  target,
  `import type { EndpointId } from './endpoints.ts';

/**
 * One working request per operation, recorded against the demo network by bin/tools/record-openapi-examples.ts
 * (\`npm run docs:openapi-examples\`): each was answered 200 in that run. Identifiers, times and signatures are
 * that run's; a new run against a fresh simulator needs its own. Do not edit by hand.
 */
export const recordedExamples: Partial<Record<EndpointId, { params?: Record<string, unknown>; body?: unknown }>> = ${JSON.stringify(recorded, null, 2)};
`,
);
console.log(`recorded examples of ${Object.keys(recorded).length} operations into ${target}`);
