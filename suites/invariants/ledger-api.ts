/**
 * The calls the invariant property makes, through the API only, as the members of the universe.
 * Each operation answers an Outcome (accepted or refused) and leaves judging to the model; what no
 * target may ever do (a 5xx for a client's request, a refusal without an error body, an unreadable
 * balance) fails here at once.
 */
import { canonicalJson } from '../../simulator/ledger/canonical-json.ts';
import { schemaRef } from '../../schemas/resources.ts';
import { CheckFailure, expectErrorBody, expectSchema } from '../runtime/check.ts';
import type { DssClient, DssResponse } from '../runtime/client.ts';
import type { FundingBody, FundingSignatures } from './model.ts';
import { readBalanceText } from './money.ts';
import { EMISSION, type Holding, type MakerRole, type ParticipantRole, type Universe } from './universe.ts';

export interface Outcome {
  accepted: boolean;
  status: number;
  response: DssResponse;
}

export interface ObservedBalance {
  /** The target knows a credit line for it (a 404 "no credit line" reads as zero). */
  exists: boolean;
  units: bigint;
}

export interface ConsolidationEntryInput {
  asset: { code: string; group: 'DSA' | 'DSO'; issuer: string };
  amount: number;
  source: string;
}

export class LedgerApi {
  constructor(
    private readonly clients: Record<ParticipantRole, DssClient>,
    readonly universe: Universe,
  ) {}

  /** The balance of one holding, read by its holder with the asset's code and issuer. */
  async balance(holding: Holding): Promise<ObservedBalance> {
    const response = await this.clients[holding.holder].call('member.getBalance', {
      path: { account_identification: holding.account },
      query: { asset_code_identification: holding.asset.code, asset_issuer_identification: holding.asset.issuer },
    });
    if (response.status === 404) return { exists: false, units: 0n };
    if (response.status !== 200) throw new CheckFailure('INV-BALANCE-READ', `${describe(response)}: reading the balance of ${holding.label} answered ${response.status}, expected 200 or 404`);
    const balance = (response.body as { balance?: unknown } | undefined)?.balance;
    const units = typeof balance === 'string' ? readBalanceText(balance) : undefined;
    if (units === undefined) throw new CheckFailure('INV-BALANCE-READ', `${describe(response)}: the balance of ${holding.label} is ${JSON.stringify(balance)}, not a decimal string`);
    return { exists: true, units };
  }

  /** Every holding of the universe, read in parallel. */
  async balances(): Promise<Map<string, ObservedBalance>> {
    const read = await Promise.all(this.universe.holdings.map(async (holding) => [holding.key, await this.balance(holding)] as const));
    return new Map(read);
  }

  /** The holder asks for (or re-sizes) its line. */
  async requestLine(holding: Holding, ceilingWhole: number): Promise<Outcome> {
    return outcome(
      await this.clients[holding.holder].call('member.changeCreditLine', {
        body: {
          account_identification: holding.account,
          asset_code_identification: holding.asset.code,
          credit_line_state: 'request',
          maximum_credit_limit: ceilingWhole,
          member_identification: holding.asset.issuer,
        },
      }),
    );
  }

  /** The issuer allows or revokes: a tokenizer on its own interface, a market maker on the member interface. */
  async decideLine(holding: Holding, decision: 'allow' | 'revoke'): Promise<Outcome> {
    const body = {
      account_identification: holding.account,
      asset_code_identification: holding.asset.code,
      credit_line_state: decision,
      member_identification: this.universe.makers[holding.holder].identification,
    };
    const issuer = holding.asset.issuerRole;
    const response =
      issuer === 'tokenizer'
        ? await this.clients.tokenizer.call('tokenizer.changeCreditLine', { path: { tokenizer_identification: this.universe.tokenizer }, body })
        : await this.clients[issuer].call('member.changeCreditLine', { body });
    return outcome(response);
  }

  /** Whether `role`'s allowlist holds the other maker `other`. */
  async allowlistHolds(role: MakerRole, other: MakerRole): Promise<boolean> {
    const response = await this.clients[role].call('member.getAllowlist');
    if (response.status !== 200 || !Array.isArray(response.body)) {
      throw new CheckFailure('ALLOWLIST-LIST', `${describe(response)}: expected 200 with the list of member identifiers, got ${response.status}`);
    }
    return response.body.includes(this.universe.makers[other].identification);
  }

  async changeAllowlist(role: MakerRole, other: MakerRole, present: boolean): Promise<Outcome> {
    const body = this.universe.makers[other].identification;
    return outcome(await this.clients[role].call(present ? 'member.addToAllowlist' : 'member.removeFromAllowlist', { body }));
  }

  /** Whether `role` has issued its DSO of the universe (a 404 is "none issued"). */
  async dsoIssued(role: MakerRole): Promise<boolean> {
    const response = await this.clients[role].call('member.listEmittedInstruments');
    const code = this.universe.dso[role].code;
    return response.status === 200 && Array.isArray(response.body) && response.body.some((asset) => (asset as { asset_code_identification?: unknown }).asset_code_identification === code);
  }

  async issueDso(role: MakerRole): Promise<Outcome> {
    return outcome(
      await this.clients[role].call('member.issueSettlementInstrument', {
        query: { asset_code_identification: this.universe.dso[role].code, asset_group_identification: 'DSO' },
      }),
    );
  }

  /** The instruction; when accepted, the unsigned transaction to sign. */
  async instruct(body: FundingBody): Promise<Outcome & { unsignedTransaction?: string }> {
    const result = outcome(await this.clients.tokenizer.call('tokenizer.createFundingInstruction', { body }));
    if (!result.accepted) return result;
    expectSchema(result.response.body, schemaRef('instruction'), 'INV-PERMITTED-APPLIES', 'the instruction');
    return { ...result, unsignedTransaction: (result.response.body as { unsigned_transaction_object: string }).unsigned_transaction_object };
  }

  /** Both signatures with the tokenizer's `emission` key, through the signing service (semantics §5). */
  async signFunding(body: FundingBody, unsignedTransaction: string): Promise<FundingSignatures> {
    const [funding_payload_signature, signed_funding_transaction] = await Promise.all([
      this.sign(Buffer.from(canonicalJson(body), 'utf8').toString('base64')),
      this.sign(unsignedTransaction),
    ]);
    return { funding_payload_signature, signed_funding_transaction };
  }

  /** The send; when accepted, the ledger transaction it names, if it names one. */
  async send(body: FundingBody, signatures: FundingSignatures): Promise<Outcome & { transactionId?: string }> {
    const result = outcome(await this.clients.tokenizer.call('tokenizer.sendFunding', { body, query: { ...signatures } }));
    const state = (result.response.body as { funding_state?: { transaction_identification?: unknown }[] } | undefined)?.funding_state;
    const transactionId = state?.[0]?.transaction_identification;
    return result.accepted && typeof transactionId === 'string' ? { ...result, transactionId } : result;
  }

  async consolidate(role: MakerRole, target: string, entries: readonly ConsolidationEntryInput[]): Promise<Outcome> {
    const instruction = entries.map((entry) => ({
      asset_info: [{ asset_code_identification: entry.asset.code, asset_group_identification: entry.asset.group, asset_issuer_identification: entry.asset.issuer }],
      consolidated_amount: entry.amount,
      source_account_identification: entry.source,
    }));
    return outcome(await this.clients[role].call('member.consolidate', { path: { account_identification: target }, body: { instruction } }));
  }

  private async sign(unsignedPayload: string): Promise<string> {
    const response = await this.clients.tokenizer.call('member.signPayload', { body: { account_identification: EMISSION, unsigned_payload: unsignedPayload } });
    const payload = (response.body as { payload?: unknown } | undefined)?.payload;
    if (response.status !== 200 || typeof payload !== 'string') {
      throw new CheckFailure('SIGN-PAYLOAD', `${describe(response)}: the tokenizer could not sign with its ${EMISSION} key (status ${response.status})`);
    }
    return payload;
  }
}

/** Accepted (2xx) or refused; a refusal must be a client error with the spec's error body. */
function outcome(response: DssResponse): Outcome {
  const accepted = response.status >= 200 && response.status < 300;
  if (response.status >= 500) throw new CheckFailure('ERR-NO-5XX', `${describe(response)}: answered ${response.status} to a well-formed request`);
  if (!accepted) expectErrorBody(response, 'ERR-BODY-SHAPE');
  return { accepted, status: response.status, response };
}

function describe(response: DssResponse): string {
  return `${response.call.method} ${response.call.url}`;
}
