import type { EndpointId } from './endpoints.ts';

/**
 * OpenAPI `links`: where a 200 answer of one operation gives the input of another, so a stateful
 * OpenAPI tool can walk from one to the next (a quotation request to its quotations, a quotation to
 * its answer or cancellation, an instruction to its sending, ...). Values are OpenAPI runtime
 * expressions (`$response.body#/<JSON pointer>`) or constants.
 */
export interface OperationLink {
  /** The link's name, unique among the answer's links. */
  name: string;
  to: EndpointId;
  description: string;
  parameters?: Record<string, string>;
  requestBody?: string;
}

export const operationLinks: Partial<Record<EndpointId, OperationLink[]>> = {
  'member.requestQuotations': [
    {
      name: 'quotationsOfRequest',
      to: 'member.getQuotationsOfRequest',
      description: 'the quotations of this request',
      parameters: { request_uuid: '$response.body#/request_uuid' },
    },
    {
      name: 'sellerReadsRequest',
      to: 'member.readGatewayMessages',
      description: 'each allowlisted seller reads the request on its quotations queue',
      parameters: { type: 'quotations' },
    },
  ],
  'member.getQuotationsOfRequest': [
    {
      name: 'readQuotation',
      to: 'member.getQuotation',
      description: 'the first quotation',
      parameters: { quotation_uuid: '$response.body#/0/quotation_uuid' },
    },
    {
      name: 'cancelQuotation',
      to: 'member.cancelQuotation',
      description: 'cancel the first quotation',
      parameters: { quotation_uuid: '$response.body#/0/quotation_uuid' },
    },
  ],
  'member.readGatewayMessages': [
    {
      name: 'answerQuotation',
      to: 'member.answerQuotation',
      description:
        'a seller answers the quotation request it read (type=quotations); the body needs a signature from POST /sign/payload',
      parameters: { quotation_uuid: '$response.body#/0/response_data/0/quotation_uuid' },
    },
    {
      name: 'answerCharge',
      to: 'member.answerCharge',
      description: 'the instructed member answers the charge request it read (type=charge)',
      parameters: { member_identification: '$response.body#/0/response_data/0/sender' },
    },
  ],
  'member.getQuotation': [
    {
      name: 'answerQuotation',
      to: 'member.answerQuotation',
      description: 'the seller answers it',
      parameters: { quotation_uuid: '$response.body#/quotation_uuid' },
    },
    {
      name: 'cancelQuotation',
      to: 'member.cancelQuotation',
      description: 'either side cancels it',
      parameters: { quotation_uuid: '$response.body#/quotation_uuid' },
    },
  ],
  'member.findQuotations': [
    {
      name: 'readQuotation',
      to: 'member.getQuotation',
      description: 'the first match',
      parameters: { quotation_uuid: '$response.body#/0/quotation_uuid' },
    },
  ],
  'member.searchQuotations': [
    {
      name: 'readQuotation',
      to: 'member.getQuotation',
      description: 'the first match',
      parameters: { quotation_uuid: '$response.body#/0/quotation_uuid' },
    },
  ],
  'member.signPayload': [
    {
      name: 'exchange',
      to: 'member.exchange',
      description:
        'the signature is the member_signature of an exchangeObject (buyer) or of a quotationObject (seller)',
    },
  ],
  'member.signMessage': [
    {
      name: 'sendPayment',
      to: 'member.sendPayment',
      description: 'the signed XML, as financial_message_data, is a message to send',
    },
  ],
  'tokenizer.createFundingInstruction': [
    {
      name: 'sendFunding',
      to: 'tokenizer.sendFunding',
      description: 'send the instructed funding, with the two signatures from POST /client/v1/api/sign/payload',
      requestBody: '$response.body#/funding_payload/0',
    },
  ],
  'member.listDigitalAccounts': [
    {
      name: 'readAccount',
      to: 'member.getDigitalAccount',
      description: 'the first account',
      parameters: { account_identification: '$response.body#/0/identification' },
    },
    {
      name: 'readBalance',
      to: 'member.getBalance',
      description: 'a balance of the first account',
      parameters: { account_identification: '$response.body#/0/identification' },
    },
    {
      name: 'accountInstruments',
      to: 'member.listAccountInstruments',
      description: 'the assets the first account may hold',
      parameters: { account_identification: '$response.body#/0/identification' },
    },
    {
      name: 'restartListening',
      to: 'member.restartListening',
      description: 'restart the listening of the first account',
      parameters: { account_identification: '$response.body#/0/identification', reference: 'now' },
    },
  ],
  'member.listMembers': [
    {
      name: 'readMember',
      to: 'member.getMember',
      description: 'the first member',
      parameters: { member_identification: '$response.body#/0/identification' },
    },
    {
      name: 'memberInstruments',
      to: 'member.listMemberInstruments',
      description: 'the assets of the first member',
      parameters: { member_identification: '$response.body#/0/identification', type: 'both' },
    },
    {
      name: 'allowMember',
      to: 'member.addToAllowlist',
      description: 'allow the first member to deal with the caller',
      requestBody: '$response.body#/0/identification',
    },
    {
      name: 'askForCharge',
      to: 'member.requestCharge',
      description: 'ask the first member for its fee',
      parameters: { member_identification: '$response.body#/0/identification' },
    },
  ],
  'tokenizer.listMembers': [
    {
      name: 'readMember',
      to: 'tokenizer.getMember',
      description: 'the first member',
      parameters: { member_identification: '$response.body#/0/identification' },
    },
  ],
  'member.getAllowlist': [
    {
      name: 'removeMember',
      to: 'member.removeFromAllowlist',
      description: 'revoke the first member',
      requestBody: '$response.body#/0',
    },
  ],
  'member.issueSettlementInstrument': [
    {
      name: 'holders',
      to: 'member.getObligation',
      description: 'the holders of the DSO just issued',
      parameters: { asset_code_identification: '$response.body#/asset_code_identification' },
    },
  ],
  'member.listObligations': [
    {
      name: 'holders',
      to: 'member.getObligation',
      description: 'the holders of the first DSO',
      parameters: { asset_code_identification: '$response.body#/0/asset_code_identification' },
    },
  ],
  'member.requestCharge': [
    {
      name: 'answerRead',
      to: 'member.readGatewayMessages',
      description: 'the fee answer arrives on the charge queue',
      parameters: { type: 'charge' },
    },
  ],
  'member.sendPayment': [
    {
      name: 'paymentMessages',
      to: 'member.readGatewayMessages',
      description: 'the answers arrive on the payment queue',
      parameters: { type: 'payment' },
    },
  ],
  'member.refreshToken': [
    {
      name: 'renewAgain',
      to: 'member.refreshToken',
      description: 'renew the renewed token before it expires',
      requestBody: '$response.body',
    },
  ],
};
