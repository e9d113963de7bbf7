import type { MessageContent, PaymentIdentification } from './message-content.ts';
import { defaultRetention, DroppedCounts } from '../retention/retention.ts';
import { problem, type MessageProblem, type statusReasons } from './problems.ts';

/**
 * Uniqueness of message identifiers (semantics §11). Within a message: no two transactions share an
 * instruction identification, end-to-end identification or UETR. Across messages, per sending member
 * (by BIC): a message identification is used once, whatever the type, and an instruction
 * identification once, because a payment is found later by it (semantics §12). End-to-end
 * identifications may come back in later payments (a rejected payment sent again keeps its customer
 * reference), so they are only unique within a message.
 */
export function repeatedIdentifierProblems(content: MessageContent): MessageProblem[] {
  const payments = content.transactions.flatMap((transaction) => (transaction.payment ? [transaction.payment] : []));
  const checks: Array<[keyof PaymentIdentification, keyof typeof statusReasons, string]> = [
    ['instructionIdentification', 'duplicateInstruction', 'PmtId/InstrId'],
    ['endToEndIdentification', 'duplicateEndToEnd', 'PmtId/EndToEndId'],
    ['uetr', 'duplicateTransaction', 'PmtId/UETR'],
  ];
  return checks.flatMap(([field, reason, path]) =>
    repeated(payments.map((payment) => payment[field])).map((value) =>
      problem(reason, `${path} ${value} appears more than once in the message.`),
    ),
  );
}

function repeated(values: Array<string | undefined>): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const value of values) {
    if (value === undefined) continue;
    if (seen.has(value)) twice.add(value);
    seen.add(value);
  }
  return [...twice];
}

/**
 * The identifiers each member has used, across messages. Part of the simulator's state (one per
 * SimState, so a reset forgets them). Checking and recording are separate so that a refused message
 * uses nothing up: the sender may correct it and send it again with the same identifiers.
 * The memory is bounded (retention `messageIdentifiers`, across all senders): past it the oldest
 * identifiers are forgotten, and a message repeating one of those is no longer refused for it.
 */
export class MessageIdentifiers {
  private readonly used = new Set<string>();

  constructor(
    private readonly limit: number = defaultRetention.messageIdentifiers,
    private readonly dropped: DroppedCounts = new DroppedCounts(),
  ) {}

  /** The sender's identifiers in `content` that an earlier accepted message already used. */
  conflicts(content: MessageContent): MessageProblem[] {
    const sender = content.header.from ?? '';
    const problems: MessageProblem[] = [];
    if (content.messageIdentification && this.used.has(key(sender, 'message', content.messageIdentification))) {
      problems.push(
        problem(
          'duplicateMessage',
          `${sender} already sent a message with identification ${content.messageIdentification}.`,
        ),
      );
    }
    for (const instruction of instructionIdentifications(content)) {
      if (this.used.has(key(sender, 'instruction', instruction))) {
        problems.push(
          problem('duplicateInstruction', `${sender} already sent an instruction with identification ${instruction}.`),
        );
      }
    }
    return problems;
  }

  /** Call once the message is accepted. */
  record(content: MessageContent): void {
    const sender = content.header.from ?? '';
    if (content.messageIdentification) this.used.add(key(sender, 'message', content.messageIdentification));
    for (const instruction of instructionIdentifications(content))
      this.used.add(key(sender, 'instruction', instruction));
    while (this.used.size > this.limit) {
      this.used.delete(this.used.values().next().value!);
      this.dropped.add('messageIdentifiers');
    }
  }
}

function instructionIdentifications(content: MessageContent): string[] {
  return content.transactions.flatMap((transaction) => transaction.payment?.instructionIdentification ?? []);
}

function key(sender: string, kind: 'message' | 'instruction', value: string): string {
  return JSON.stringify([sender, kind, value]);
}
