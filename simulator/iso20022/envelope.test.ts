import { test, expect } from '@playwright/test';
import { appHeaderSchema, MESSAGE_ENVELOPE_NAMESPACE } from '../../schemas/iso20022/message-types.ts';
import { withEnvelope } from './envelope.ts';

const message = (inside: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Message xmlns="${MESSAGE_ENVELOPE_NAMESPACE}">${inside}</Message>`;
const appHdr = `<AppHdr xmlns="${appHeaderSchema.namespace}"><Fr/></AppHdr>`;
const document = '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pacs.008.001.08"><FIToFICstmrCdtTrf/></Document>';
const parts = (xml: string) => withEnvelope(xml, ({ appHeader, body }) => [appHeader.name, body.name]);

test('whitespace, comments and processing instructions may stand between the parts of the envelope', () => {
  for (const between of ['\n  ', '<!-- a comment -->', '<?dss-note some data?>', '<?a?>\n<!-- b --><?c d?>']) {
    expect(parts(message(`${between}${appHdr}${between}${document}${between}`)), between).toEqual({
      ok: true,
      value: ['AppHdr', 'Document'],
    });
  }
});

test('text, a missing part, or a third element is refused', () => {
  const refusal = (xml: string) => {
    const result = parts(xml);
    return result.ok ? 'accepted' : result.problems.map((problem) => problem.text).join('; ');
  };
  expect(refusal(message(`${appHdr}stray${document}`))).toBe('Message holds text outside AppHdr and Document.');
  expect(refusal(message(`${appHdr}<![CDATA[stray]]>${document}`))).toBe(
    'Message holds text outside AppHdr and Document.',
  );
  expect(refusal(message(`${appHdr}<?pi?>`))).toMatch(/^Message must hold a Document after AppHdr/);
  expect(refusal(message(`${document}${appHdr}`))).toMatch(/^Message must start with AppHdr/);
  expect(refusal(message(`${appHdr}${document}<?pi?><Extra/>`))).toMatch(
    /^Message must hold only AppHdr and one Document, not also \{urn:dss:message:1\}Extra\.$/,
  );
});
