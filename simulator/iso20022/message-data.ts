import { isBase64 } from '../../schemas/spec-types.ts';
import { decodeStrictUtf8 } from '../strict-utf8.ts';
import { problem, type MessageProblem } from './problems.ts';

/**
 * The largest Message the service reads, decoded. A CBPR+ payment is a few KiB; this leaves room for
 * batches while keeping a hostile input far below the 1 MiB body limit and cheap to refuse.
 */
export const MAX_MESSAGE_BYTES = 256 * 1024;

const BYTE_ORDER_MARK = 0xfeff;

export type DecodedMessage = { ok: true; xml: string } | { ok: false; problem: MessageProblem };

/**
 * Turns `financial_message_data` (or an `unsigned_payload`) into XML text, refusing before any parser
 * sees it: garbage base64, oversize, bytes that are not UTF-8, SWIFT MT text, another declared encoding
 * and any DOCTYPE or ENTITY declaration. Refusing DTDs outright is what makes entity expansion (XML
 * bombs) and external entities impossible; ISO 20022 messages never have one.
 */
export function decodeMessageData(data: string | undefined): DecodedMessage {
  const fail = (text: string): DecodedMessage => ({ ok: false, problem: problem('format', text) });
  if (data === undefined || data === '') return fail('The message data is empty: a base64 Message XML is required.');
  // MIME-style line breaks are tolerated; anything else outside the alphabet is not base64.
  const compact = data.includes('\n') || data.includes('\r') ? data.replace(/[\r\n]/g, '') : data;
  if (!isBase64(compact)) return fail('The message data is not base64.');
  if (Buffer.byteLength(compact, 'base64') > MAX_MESSAGE_BYTES)
    return fail(`The message is larger than ${MAX_MESSAGE_BYTES} bytes.`);

  let text: string;
  try {
    text = decodeStrictUtf8(Buffer.from(compact, 'base64'));
  } catch {
    return fail('The message is not UTF-8 text.');
  }
  if (text.charCodeAt(0) === BYTE_ORDER_MARK) text = text.slice(1);
  if (text.trimStart().startsWith('{1:')) return fail('The message is SWIFT MT text; only ISO 20022 XML is supported.');
  // A native search for "<!" first: the case-blind pattern costs more than that on a few kilobytes.
  if (text.includes('<!') && /<!DOCTYPE|<!ENTITY/i.test(text))
    return fail('The message has a DOCTYPE or ENTITY declaration; DTDs are refused.');
  const declared = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([^"']*)["']/.exec(text)?.[1];
  if (declared !== undefined && declared.toUpperCase() !== 'UTF-8')
    return fail(`The message declares encoding ${declared}; only UTF-8 is accepted.`);
  return { ok: true, xml: text };
}
