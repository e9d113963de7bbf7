import type { MessageTypeName } from '../../schemas/iso20022/message-types.ts';
import type { Principal } from '../../simulator/auth/principal.ts';
import { USD, fundLine, valueNetwork } from './value-network.ts';
import { DssError } from '../../simulator/errors.ts';
import { financialMessage, type FinancialMessage } from '../../schemas/iso20022/message-envelope.ts';
import { readMessage } from '../../simulator/iso20022/read-message.ts';
import type { MessageContent } from '../../simulator/iso20022/message-content.ts';
import { signedBy } from './sample-network.ts';
import { textAt } from '../../simulator/iso20022/xml-dom.ts';
import { formatAmount } from '../../simulator/ledger/amount.ts';
import { handleFinancialMessage, type MessageRoute } from '../../simulator/payments/message-pipeline.ts';
import { paymentStory, storyMessage } from '../../schemas/iso20022/message-builders.ts';

/**
 * The payment domain tests' network (test support only), on the value layer's: maker-aa (MAKAGB2L)
 * holds 1000 USD of tokenizer-us on `main`, maker-bb (MAKBSGSG) can receive USD on `main`, and the two
 * have each other on their allowlists. `story` is a 250.5 USD payment from maker-aa to maker-bb.
 */
export async function paymentDomain() {
  const network = await valueNetwork();
  const { state } = network;
  fundLine(state, 'maker-aa', 'main', USD, 10_000, '1000');
  fundLine(state, 'maker-bb', 'main', USD, 10_000);
  state.allowlists.add('maker-aa', 'maker-bb');
  state.allowlists.add('maker-bb', 'maker-aa');
  const callers = {
    aa: await network.principal('maker-aa'),
    bb: await network.principal('maker-bb'),
    tokenizer: await network.principal('tokenizer-us'),
  };
  const story = paymentStory({
    ofi: 'MAKAGB2L',
    rfi: 'MAKBSGSG',
    issuer: 'tokenizer-us',
    amount: '250.5',
    messageIdentification: 'MAKAGB2L-PAY-0001',
    instruction: 'MAKAGB2L-INSTR-0001',
    endToEnd: 'E2E-0001',
  });

  /** The financialMessage of a Document from `from` to `to` (BICs), signed with `signer`'s `main` key. */
  function signed(
    type: MessageTypeName,
    document: string,
    from: string,
    to: string,
    identification: string,
    signer = state.members.byBic(from)!.identification,
  ): FinancialMessage {
    return financialMessage(
      type,
      signedBy(state.members.get(signer)!, storyMessage(type, document, from, to, identification)),
    );
  }

  /** Runs the pipeline as `caller` would through the route; a refusal is answered, not thrown. */
  function handle(
    caller: Principal,
    route: MessageRoute,
    input: FinancialMessage,
  ): { answer?: FinancialMessage; refusal?: DssError } {
    try {
      return { answer: handleFinancialMessage(state, caller, input, route) };
    } catch (error) {
      if (error instanceof DssError) return { refusal: error };
      throw error;
    }
  }

  function balance(member: string, account = 'main'): string {
    const amount = state.ledger.balance(member, account, USD);
    return amount === undefined ? 'none' : formatAmount(amount);
  }

  return { ...network, callers, story, signed, handle, balance };
}

/** What a report of the service says, after checking that it validates (envelope, head.001.001.02, pacs.002.001.10 XSD). */
export function readServiceReport(
  message: Pick<FinancialMessage, 'financial_message_type' | 'financial_message_data'>,
): { content: MessageContent; status?: string; reason?: string; to?: string } {
  if (message.financial_message_type !== 'iso20022:pacs.002.001.10')
    throw new Error(`not a pacs.002: ${message.financial_message_type}`);
  const reading = readMessage(
    'pacs.002.001.10',
    Buffer.from(message.financial_message_data, 'base64').toString('utf8'),
  );
  if (reading.problems.length > 0 || !reading.content)
    throw new Error(`the service's report is invalid: ${reading.problems.map((found) => found.text).join(' ')}`);
  const { content } = reading;
  return {
    content,
    status: textAt(content.body, 'OrgnlGrpInfAndSts/GrpSts'),
    reason: textAt(content.body, 'OrgnlGrpInfAndSts/StsRsnInf/Rsn/Cd'),
    to: content.header.to,
  };
}
