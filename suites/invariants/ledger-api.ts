/**
 * The calls the invariant property makes, as the members of the universe, through the API only: the
 * plain requests of suites/flows/, read here as Outcomes (accepted or refused) and left to the model
 * to judge. What no target may ever do (a 5xx for a client's request, a refusal without an error
 * body, an unreadable balance) fails here at once.
 */
import { schemaRef } from '../../schemas/resources.ts';
import { allowlistOf, changeAllowlist } from '../flows/allowlist.ts';
import { emittedInstruments, issueDsoRequest } from '../flows/assets.ts';
import { balanceOf } from '../flows/balances.ts';
import { consolidate, type ConsolidationEntry } from '../flows/consolidation.ts';
import { decideAsMember, decideAsTokenizer, requestCreditLine } from '../flows/credit-lines.ts';
import {
  instructFunding,
  newFundingInfo,
  sendFunding,
  signFunding,
  type FundingInfo,
  type FundingSignatures,
} from '../flows/funding.ts';
import type { Party } from '../flows/party.ts';
import { expectErrorBody, expectSchema, recordAcross, describeCall } from '../runtime/check.ts';
import { CheckFailure } from '../runtime/check-failure.ts';
import type { DssResponse } from '../runtime/client.ts';
import type { Holding, MakerRole, ParticipantRole, Universe } from './universe.ts';

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

export class LedgerApi {
  constructor(
    private readonly parties: Record<ParticipantRole, Party>,
    readonly universe: Universe,
  ) {}

  /** The balance of one holding, read by its holder with the asset's code and issuer. */
  async balance(holding: Holding): Promise<ObservedBalance> {
    const units = await balanceOf(this.parties[holding.holder], holding.account, holding.asset);
    return units === undefined ? { exists: false, units: 0n } : { exists: true, units };
  }

  /** Every holding of the universe, read in parallel. */
  async balances(): Promise<Map<string, ObservedBalance>> {
    const read = await Promise.all(
      this.universe.holdings.map(async (holding) => [holding.key, await this.balance(holding)] as const),
    );
    return new Map(read);
  }

  /** The holder asks for (or re-sizes) its line. */
  async requestLine(holding: Holding, ceilingWhole: number): Promise<Outcome> {
    return outcome(await requestCreditLine(this.parties[holding.holder], holding.account, holding.asset, ceilingWhole));
  }

  /** The issuer allows or revokes: a tokenizer on its own interface, a market maker on the member interface. */
  async decideLine(holding: Holding, decision: 'allow' | 'revoke'): Promise<Outcome> {
    const line = {
      holder: this.universe.makers[holding.holder].identification,
      account: holding.account,
      asset: holding.asset,
    };
    const issuer = holding.asset.issuerRole;
    const parties = this.parties;
    return outcome(
      issuer === 'tokenizer'
        ? await decideAsTokenizer(parties.tokenizer, line, decision)
        : await decideAsMember(parties[issuer], line, decision),
    );
  }

  /** The member identification of a participant. */
  identificationOf(role: ParticipantRole): string {
    return role === 'tokenizer' ? this.universe.tokenizer : this.universe.makers[role].identification;
  }

  /** The member identifications on `role`'s allowlist. */
  allowlistOf(role: ParticipantRole): Promise<string[]> {
    return allowlistOf(this.parties[role]);
  }

  async changeAllowlist(role: ParticipantRole, other: ParticipantRole, present: boolean): Promise<Outcome> {
    return outcome(await changeAllowlist(this.parties[role], this.identificationOf(other), present));
  }

  /** Whether `role` has issued its DSO of the universe (by code: what it lists it issued itself, the issuer field being optional). */
  async dsoIssued(role: MakerRole): Promise<boolean> {
    const code = this.universe.dso[role].code;
    return (await emittedInstruments(this.parties[role])).some((asset) => asset.asset_code_identification === code);
  }

  async issueDso(role: MakerRole): Promise<Outcome> {
    return outcome(await issueDsoRequest(this.parties[role], this.universe.dso[role].code));
  }

  /** The fundingInfo that mints `units` into the holding (a DSA of the tokenizer, on a maker's operating account). */
  fundingInfo(holding: Holding, units: bigint, endToEnd: string): FundingInfo {
    const member = this.universe.makers[holding.holder].identification;
    return {
      ...newFundingInfo(this.universe.tokenizer, holding.asset, member, holding.account, units),
      end_to_end_identification: endToEnd,
    };
  }

  /** The instruction; when accepted, the unsigned transaction to sign. */
  async instruct(info: FundingInfo): Promise<Outcome & { unsignedTransaction?: string }> {
    const result = outcome(await instructFunding(this.parties.tokenizer, info));
    if (!result.accepted) return result;
    expectSchema(result.response.body, schemaRef('instruction'), 'FUND-INSTRUCTION', 'the instruction');
    return {
      ...result,
      unsignedTransaction: (result.response.body as { unsigned_transaction_object: string })
        .unsigned_transaction_object,
    };
  }

  /** Both signatures with the tokenizer's `emission` key, through the signing service (semantics §5). */
  signFunding(info: FundingInfo, unsignedTransaction: string): Promise<FundingSignatures> {
    return signFunding(this.parties.tokenizer, info, unsignedTransaction);
  }

  /** The send; when accepted, the ledger transaction it names, if it names one. */
  async send(info: FundingInfo, signatures: FundingSignatures): Promise<Outcome & { transactionId?: string }> {
    const result = outcome(await sendFunding(this.parties.tokenizer, info, signatures));
    const state = (result.response.body as { funding_state?: { transaction_identification?: unknown }[] } | undefined)
      ?.funding_state;
    const transactionId = state?.[0]?.transaction_identification;
    return result.accepted && typeof transactionId === 'string' ? { ...result, transactionId } : result;
  }

  async consolidate(role: MakerRole, target: string, entries: readonly ConsolidationEntry[]): Promise<Outcome> {
    return outcome(await consolidate(this.parties[role], target, entries));
  }
}

/** Accepted (2xx) or refused; a refusal must be a client error with the spec's error body. */
export function outcome(response: DssResponse): Outcome {
  const accepted = response.status >= 200 && response.status < 300;
  if (response.status >= 500)
    throw new CheckFailure(
      'ERR-NO-5XX',
      `${describeCall(response)}: answered ${response.status} to a well-formed request`,
    );
  if (!accepted) recordAcross(() => expectErrorBody(response, 'ERR-BODY-SHAPE'));
  return { accepted, status: response.status, response };
}
