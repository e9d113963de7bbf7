import { appHeaderSchema, messageTypes, type MessageTypeName } from '../../schemas/iso20022/message-types.ts';
import { xsdProblems } from '../../schemas/iso20022/xsd-validation.ts';
import { withEnvelope } from './envelope.ts';
import { readMessageContent, type MessageContent } from './message-content.ts';
import type { Member } from '../members/registry.ts';
import { problem, type MessageProblem } from './problems.ts';
import { senderBic, verifyEnvelopeSignature } from './signature.ts';

export interface MessageReading {
  problems: MessageProblem[];
  /** Present when the envelope held a Document of the type's root, even if it broke its XSD. */
  content?: MessageContent;
  /** The AppHdr and the Document passed their XSDs: the business rules may read the Document. */
  schemaValid: boolean;
  /** With `signerOf`, when AppHdr/Fr named a member: that member and the problems of the message's signature by it. */
  signature?: { signer: Member; problems: MessageProblem[] };
}

/**
 * The structural checks of a Message of a known type, which need no simulator state: the envelope,
 * the Document's namespace, the AppHdr against head.001.001.02 and the Document against its XSD, and
 * AppHdr/MsgDefIdr against the type. Then the Message is read into plain data.
 */
export function readMessage(
  type: MessageTypeName,
  xml: string,
  signerOf?: (bic: string | undefined) => Member | undefined,
): MessageReading {
  const entry = messageTypes[type];
  let signature: MessageReading['signature'];
  const checked = withEnvelope(xml, (envelope) => {
    const { appHeader, body } = envelope;
    if (body.namespaceUri !== entry.namespace) {
      return [
        problem(
          'format',
          `The Document is in ${body.namespaceUri || 'no namespace'}, but financial_message_type says ${type} (${entry.namespace}).`,
        ),
      ];
    }
    const schemaProblems = [
      ...xsdProblems(appHeaderSchema.xsd, appHeader).map((text) =>
        problem('format', `AppHdr does not validate against ${appHeaderSchema.name}: ${text}`),
      ),
      ...xsdProblems(entry.xsd, body).map((text) =>
        problem('format', `Document does not validate against ${type}: ${text}`),
      ),
    ];
    // In the same parse, after the XSDs: verifying removes the signature from the tree.
    const signer = signerOf?.(senderBic(envelope));
    if (signer) signature = { signer, problems: verifyEnvelopeSignature(envelope, signer) };
    return schemaProblems;
  });
  if (!checked.ok) return { problems: checked.problems, schemaValid: false };

  const problems = [...checked.value];
  const content = readMessageContent(type, xml);
  const declared = content?.header.messageDefinitionIdentifier;
  if (content && declared !== type)
    problems.push(problem('format', `AppHdr/MsgDefIdr is ${declared}, but financial_message_type says ${type}.`));
  return { problems, content, schemaValid: checked.value.length === 0, signature };
}
