/**
 * simulator/funding/: a tokenizer funding members with its DSA (semantics §5). The tokenizer asks for
 * an instruction (the unsigned mint), signs it with its `emission` key through the member interface,
 * and sends it; the mint then applies once. This file holds what the service remembers between those
 * calls; `instruction.ts` and `send.ts` are the two endpoints.
 */
import { canonicalJson } from '../../protocol/canonical-json.ts';
import type { FundingInfo, TransactionState } from '../../schemas/wire.ts';
import type { Operation } from '../ledger/ledger.ts';
import { DEFAULT_OPERATING_ACCOUNT } from '../members/registry.ts';
import { FinishedFirst } from '../retention/finished-first.ts';
import { defaultRetention, type DroppedCounts } from '../retention/retention.ts';

export interface FundingResult {
  funding_payload: [FundingInfo];
  funding_state: [TransactionState];
}

export interface FundingInstruction {
  /** Exactly as received, because it is returned as received. */
  fundingInfo: FundingInfo;
  /** What later bodies are compared with (see `comparableFundingInfo`). */
  comparable: string;
  /** base64 of the canonical mint transaction: the bytes the tokenizer signs. */
  unsignedTransaction: string;
  operation: Operation;
  /** Set once the mint applied; a second send answers with it and mints nothing. */
  result?: FundingResult;
}

/**
 * Instructions by end_to_end_identification. One identifier names one funding in the whole network
 * (semantics §4: "an end_to_end_identification funds at most once"), whichever tokenizer sent it.
 * Bounded (retention `fundingInstructions`): past it the instruction sent earliest is forgotten; one
 * not sent yet stays. A forgotten identifier is unknown: sending it again answers 400 (not
 * instructed), and a new instruction may use it again.
 */
export class FundingBook {
  private readonly instructions: FinishedFirst<FundingInstruction>;

  constructor(limit: number = defaultRetention.fundingInstructions, dropped?: DroppedCounts) {
    this.instructions = new FinishedFirst('fundingInstructions', limit, dropped);
  }

  get(endToEndIdentification: string): FundingInstruction | undefined {
    return this.instructions.get(endToEndIdentification);
  }

  add(instruction: FundingInstruction): void {
    this.instructions.set(instruction.fundingInfo.end_to_end_identification, instruction);
  }

  /** The instruction's mint applied (`result` set): from now on it is history. */
  sent(instruction: FundingInstruction): void {
    this.instructions.finish(instruction.fundingInfo.end_to_end_identification);
  }
}

/** Canonical form with the default account filled in, so leaving out `main` and naming it are the same funding. */
export function comparableFundingInfo(info: FundingInfo): string {
  return canonicalJson({ ...info, account_identification: info.account_identification ?? DEFAULT_OPERATING_ACCOUNT });
}
