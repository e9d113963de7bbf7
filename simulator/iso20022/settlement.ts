import { messageTypes } from '../../schemas/iso20022/message-types.ts';
import { DssError } from '../errors.ts';
import { AmountScale } from '../ledger/amount-scale.ts';
import { DEFAULT_OPERATING_ACCOUNT, EMISSION, type Member, type MemberRegistry } from '../members/registry.ts';
import type { MessageContent } from './message-content.ts';
import { problem, type MessageProblem } from './problems.ts';
import { elementAt, textAt } from './xml-dom.ts';

export type SettlementMethod = 'DSA' | 'DSO';

/**
 * What one transaction of a value-moving message (pacs.008, pacs.009, pacs.004) asks the ledger to
 * move, as semantics §11 encodes it inside the official schema.
 */
export interface SettlementTerms {
  /** `GrpHdr/SttlmInf/ClrSys/Prtry`. */
  method: SettlementMethod;
  /** The ISO 4217 code of the amount (`@Ccy`). */
  currency: string;
  /** The instrument: the currency for DSA, currency + `DSO` for DSO. */
  assetCode: string;
  /** Member identification of the instrument's issuer (`PmtTpInf/SvcLvl/Prtry`). */
  issuer: string;
  /** The amount as written in the message (a decimal the ledger parses exactly). */
  amount: string;
  /** The sender's account to debit: `GrpHdr/SttlmInf/SttlmAcct/Id/Othr/Id`, by default `main` (DSA) or `emission` (DSO). */
  account: string;
}

// Where a transaction names its instrument's issuer: its own payment type, the original transaction's
// (pacs.004 returns it), or the group's payment type, which ISO applies to every transaction.
const issuerPaths = ['PmtTpInf/SvcLvl/Prtry', 'OrgnlTxRef/PmtTpInf/SvcLvl/Prtry'];
const groupIssuerPath = 'GrpHdr/PmtTpInf/SvcLvl/Prtry';

export interface SettlementReading {
  terms: SettlementTerms[];
  problems: MessageProblem[];
}

/**
 * Reads and checks the settlement terms of every transaction (one entry per transaction, in order).
 * Types that move no value have none. `sender` and `receiver` are the members of AppHdr/Fr and /To;
 * `amounts` is the ledger's scale, which an amount must fit to move.
 */
export function readSettlement(
  content: MessageContent,
  sender: Member,
  receiver: Member,
  members: MemberRegistry,
  amounts = new AmountScale(),
): SettlementReading {
  const amountPath = messageTypes[content.type].settlementAmount;
  if (amountPath === undefined) return { terms: [], problems: [] };
  const { body } = content;
  const problems: MessageProblem[] = [];

  const settlementMethod = textAt(body, 'GrpHdr/SttlmInf/SttlmMtd');
  if (settlementMethod !== 'CLRG')
    problems.push(
      problem(
        'settlement',
        `GrpHdr/SttlmInf/SttlmMtd must be CLRG (settled through the service), not ${settlementMethod}.`,
      ),
    );
  const method = textAt(body, 'GrpHdr/SttlmInf/ClrSys/Prtry');
  if (method !== 'DSA' && method !== 'DSO') {
    problems.push(
      problem(
        'settlement',
        `GrpHdr/SttlmInf/ClrSys/Prtry must be DSA or DSO (the settlement method), not ${method ?? 'absent'}.`,
      ),
    );
    return { terms: [], problems };
  }
  const account =
    textAt(body, 'GrpHdr/SttlmInf/SttlmAcct/Id/Othr/Id') ?? (method === 'DSO' ? EMISSION : DEFAULT_OPERATING_ACCOUNT);
  if (!sender.accounts.has(account))
    problems.push(
      problem('account', `The settlement account ${account} is not an account of ${sender.identification}.`),
    );

  const terms: SettlementTerms[] = [];
  for (const { element } of content.transactions) {
    const amountElement = elementAt(element, amountPath);
    const amount = amountElement?.textContent?.trim() ?? '';
    const currency = amountElement?.getAttribute('Ccy') ?? '';
    if (!/[1-9]/.test(amount)) problems.push(problem('zeroAmount', `${amountPath} must be above zero, not ${amount}.`));
    else if (!fitsLedger(amounts, amount))
      problems.push(
        problem(
          'decimals',
          `${amountPath} ${amount} has more than the ${amounts.digits} fraction digits the ledger keeps.`,
        ),
      );

    const issuer =
      issuerPaths.map((path) => textAt(element, path)).find((value) => value !== undefined) ??
      textAt(body, groupIssuerPath);
    if (issuer === undefined) {
      problems.push(
        problem('missing', 'PmtTpInf/SvcLvl/Prtry must name the member that issues the settlement instrument.'),
      );
      continue;
    }
    if (!members.get(issuer))
      problems.push(problem('agent', `The instrument issuer ${issuer} (PmtTpInf/SvcLvl/Prtry) is not a member.`));
    // A DSO is the sender's or the receiver's own obligation; nobody settles in a third party's.
    if (method === 'DSO' && issuer !== sender.identification && issuer !== receiver.identification) {
      problems.push(
        problem(
          'settlement',
          `A DSO must be issued by ${sender.identification} or ${receiver.identification}, not ${issuer}.`,
        ),
      );
    }
    terms.push({
      method,
      currency,
      assetCode: method === 'DSA' ? currency : `${currency}DSO`,
      issuer,
      amount,
      account,
    });
  }
  return { terms, problems };
}

/** Whether the ledger can hold `amount` exactly (reading two-decimal-amounts keeps fewer digits than ISO amounts may have). */
function fitsLedger(amounts: AmountScale, amount: string): boolean {
  try {
    amounts.parse(amount);
    return true;
  } catch (error) {
    if (error instanceof DssError) return false;
    throw error;
  }
}
