import { requireSelf } from '../auth/authorize.ts';
import type { Principal } from '../auth/principal.ts';
import { DssError } from '../errors.ts';
import { amountFromWholeUnits, subtractAmounts, ZERO_AMOUNT, type Amount } from '../ledger/amount.ts';
import { canonicalJson } from '../../protocol/canonical-json.ts';
import type { Operation } from '../ledger/ledger.ts';
import { operationJson } from '../ledger/transaction.ts';
import { DEFAULT_OPERATING_ACCOUNT, EMISSION, isOperatingAccount } from '../members/registry.ts';
import type { SimState } from '../state.ts';
import type { FundingInfo } from '../../schemas/wire.ts';
import { comparableFundingInfo, type FundingInstruction } from './funding-book.ts';

/** The spec's instruction resource. */
export interface InstructionBody {
  funding_payload: [FundingInfo];
  unsigned_transaction_object: string;
}

/**
 * `POST /transactions/instruction`: checks that the funding could apply now and returns the unsigned
 * mint for the tokenizer to sign. The same end_to_end_identification with the same fundingInfo gives
 * the same instruction again (a client retrying after a lost answer); with another one it is refused.
 */
export function createFundingInstruction(state: SimState, caller: Principal, info: FundingInfo): InstructionBody {
  // Fault funding-by-other-tokenizer: any tokenizer may instruct the funding.
  if (!state.faults.on('funding-by-other-tokenizer')) requireSelf(caller, info.tokenizer_identification);
  const amount = state.amounts.parse(info.funding_amount, 'funding_amount');
  if (amount === ZERO_AMOUNT) throw new DssError('AMOUNT-INVALID', 'funding_amount must be above zero.');

  const known = state.funding.get(info.end_to_end_identification);
  if (known) {
    if (known.comparable !== comparableFundingInfo(info)) {
      throw new DssError(
        'FUNDING-E2E-REUSED',
        `end_to_end_identification ${info.end_to_end_identification} already names another funding.`,
      );
    }
    return instructionBody(known);
  }

  const operation = fundingOperation(state, info, amount);
  // The mint as the tokenizer signs it: the operation plus what makes it this funding and no other.
  const transaction = {
    type: 'mint',
    end_to_end_identification: info.end_to_end_identification,
    ...operationJson(operation, state.amounts),
    memo: info.memo_transaction,
  };
  const instruction: FundingInstruction = {
    fundingInfo: info,
    comparable: comparableFundingInfo(info),
    unsignedTransaction: Buffer.from(canonicalJson(transaction), 'utf8').toString('base64'),
    operation,
  };
  state.funding.add(instruction);
  return instructionBody(instruction);
}

/** The mint, once the DSA, the member and its credit line (allowed, with room for the amount) are checked. */
function fundingOperation(state: SimState, info: FundingInfo, amount: Amount): Operation {
  const tokenizer = info.tokenizer_identification;
  const code = info.issued_asset_code_identification;
  const asset = state.assets.get(code, tokenizer);
  if (asset?.asset_group_identification !== 'DSA') throw refused(`${code} is not a DSA registered for ${tokenizer}.`);
  const member = state.members.get(info.member_identification);
  if (member?.member_state !== 'activated') throw refused(`${info.member_identification} is not an activated member.`);
  const account = info.account_identification ?? DEFAULT_OPERATING_ACCOUNT;
  if (!isOperatingAccount(member, account))
    throw refused(`${member.identification} has no operating account ${account}.`);

  const ref = { code, issuer: tokenizer };
  const line = state.ledger.creditLine(member.identification, account, ref);
  if (line?.state !== 'allow')
    throw refused(`${member.identification}/${account} holds no allowed credit line for ${code} of ${tokenizer}.`);
  const balance = state.ledger.balance(member.identification, account, ref) ?? ZERO_AMOUNT;
  const room = subtractAmounts(amountFromWholeUnits(line.maximum_credit_limit), balance);
  if (room < amount) {
    throw refused(
      `${member.identification}/${account} has room for ${state.amounts.format(room)} ${code} under its ceiling, not ${state.amounts.format(amount)}.`,
    );
  }
  return {
    from: { member: tokenizer, account: EMISSION },
    to: { member: member.identification, account },
    asset: ref,
    amount,
  };
}

function instructionBody(instruction: FundingInstruction): InstructionBody {
  return { funding_payload: [instruction.fundingInfo], unsigned_transaction_object: instruction.unsignedTransaction };
}

function refused(detail: string): DssError {
  return new DssError('FUNDING-INSTRUCTION-REFUSED', detail);
}
