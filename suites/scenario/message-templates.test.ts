import { test, expect } from '@playwright/test';
import { readdirSync } from 'node:fs';
import { financialMessage } from '../../schemas/iso20022/message-envelope.ts';
import { readEmittedMessage } from '../flows/emitted-messages.ts';
import { EvaluationError } from './expressions.ts';
import {
  fieldProblems,
  fillTemplate,
  loadTemplate,
  parseTemplateText,
  templateDirectory,
  TemplateError,
} from './message-templates.ts';
import { readMessageText } from './message-text.ts';

/** A valid value for every field a template of the project uses: a new field needs one here. */
const samples: Record<string, string> = {
  from: 'AAAAUS33XXX',
  to: 'BBBBSGSGXXX',
  message_id: '0f3c2a9b8e7d6c5b4a39281706f5e4d3',
  created: '2024-03-15T10:15:30.000Z',
  settlement_account: 'main',
  credit_account: 'main',
  method: 'DSA',
  instruction_id: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
  end_to_end_id: 'INV-2024-0042',
  original_message_id: 'AAAAUS33-20240315-000001',
  uetr: '3f2b8c1e-6a4d-4e2b-9c7a-1d5e8f0a2b30',
  issuer: 'tokenizer-cc',
  currency: 'USD',
  amount: '121.75',
  instructed_amount: '120.50',
  fee: '1.25',
  settlement_date: '2024-03-15',
  reason_code: 'AC04',
  reason_text: 'Creditor account closed',
};

const templateNames = readdirSync(templateDirectory)
  .filter((file) => file.endsWith('.xml'))
  .map((file) => file.slice(0, -'.xml'.length));

test('every template, filled, is a Message whose AppHdr and Document validate against their XSDs', () => {
  expect(templateNames.length).toBeGreaterThanOrEqual(10);
  for (const name of templateNames) {
    const template = loadTemplate(name);
    const fields = Object.fromEntries(template.fields.map((field) => [field, samples[field]]));
    expect(
      Object.entries(fields)
        .filter(([, value]) => value === undefined)
        .map(([field]) => field),
      `${name}: fields without a sample`,
    ).toEqual([]);
    // Read as the harness reads a target's messages (envelope, AppHdr and Document against their XSDs).
    const reading = readEmittedMessage(
      financialMessage(template.type, fillTemplate(template, fields)),
      `template ${name}`,
    );
    expect(reading.messageIdentification, name).toBe(samples.message_id);
  }
});

test('the AppHdr is written from from, to, message_id and created, with the type of the Document’s namespace', () => {
  const template = loadTemplate('compliance-accept');
  expect(template.type).toBe('SVC.001.001.01');
  const fields = Object.fromEntries(template.fields.map((field) => [field, samples[field]]));
  const message = readMessageText(Buffer.from(fillTemplate(template, fields), 'utf8').toString('base64'));
  if (!message.ok) throw new Error(message.reason);
  expect(
    ['Fr/FIId/FinInstnId/BICFI', 'To/FIId/FinInstnId/BICFI', 'BizMsgIdr', 'MsgDefIdr', 'CreDt'].map((path) =>
      message.textAt(`AppHdr/${path}`),
    ),
  ).toEqual(['AAAAUS33XXX', 'BBBBSGSGXXX', samples.message_id, 'SVC.001.001.01', '2024-03-15T10:15:30.000Z']);
  expect(message.textAt('Document/CmplncRspn/TxInfAndSts/CdtAcct/Id/Othr/Id')).toBe('main');
});

test('values are XML-escaped where they go in: text and attributes cannot gain markup', () => {
  const template = parseTemplateText(
    'sample',
    `<!-- a comment that is not sent -->
<Document xmlns="urn:dss:xsd:SVC.002.001.01"><A c="\${text}">\${text}</A><B>$\${literal} \${amount}</B><C>\${from}\${to}\${message_id}\${created}</C></Document>`,
  );
  expect(template).toMatchObject({
    type: 'SVC.002.001.01',
    fields: ['text', 'amount', 'from', 'to', 'message_id', 'created'],
  });
  const hostile = `"'><Injected/>&amp;`;
  const xml = fillTemplate(template, {
    text: hostile,
    amount: 12.5,
    from: 'A<',
    to: 'B&',
    message_id: 'M',
    created: 'T',
  });
  expect(xml).not.toContain('<!--');
  expect(xml).toContain(
    '<A c="&quot;&apos;&gt;&lt;Injected/&gt;&amp;amp;">&quot;&apos;&gt;&lt;Injected/&gt;&amp;amp;</A><B>${literal} 12.5</B>',
  );
  const message = readMessageText(Buffer.from(xml, 'utf8').toString('base64'));
  if (!message.ok) throw new Error(message.reason);
  expect(message.textAt('Document/A')).toBe(hostile);
  expect(message.textAt('Document/A/Injected')).toBeUndefined();
  expect([
    message.textAt('AppHdr/Fr/FIId/FinInstnId/BICFI'),
    message.textAt('AppHdr/To/FIId/FinInstnId/BICFI'),
  ]).toEqual(['A<', 'B&']);
});

test('fields: each placeholder needs one, each one must be used, values are texts or numbers', () => {
  const template = loadTemplate('obligation-notice');
  expect(fieldProblems(template, [...template.fields.filter((field) => field !== 'amount'), 'amout'])).toEqual([
    'template obligation-notice needs amount',
    `template obligation-notice has no placeholder \${amout} (it uses ${template.fields.join(', ')})`,
  ]);
  expect(fieldProblems(template, template.fields)).toEqual([]);
  const fields = Object.fromEntries(template.fields.map((field) => [field, samples[field]]));
  expect(() => fillTemplate(template, { ...fields, amount: { value: 1 } })).toThrow(EvaluationError);
  expect(() => fillTemplate(template, { ...fields, amount: { value: 1 } })).toThrow(
    'template obligation-notice, field amount: must be a text or a number, got {"value":1}',
  );
});

test('a template that cannot be used is refused with the reason', () => {
  const refusal = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      if (error instanceof TemplateError) return error.message;
      throw error;
    }
    throw new Error('accepted');
  };
  expect(refusal(() => loadTemplate('../funding'))).toBe(
    'template "../funding" is not a template name (lowercase letters, digits and hyphens: scenarios/messages/<name>.xml)',
  );
  expect(refusal(() => loadTemplate('no-such-message'))).toBe(
    'there is no template no-such-message (scenarios/messages/no-such-message.xml)',
  );
  expect(refusal(() => parseTemplateText('t', '<Document xmlns="urn:other"/>'))).toMatch(
    /^template t must be one <Document xmlns="\.\.\."> in the namespace of a supported type \(pacs\.008\.001\.08, /,
  );
  expect(
    refusal(() =>
      parseTemplateText(
        't',
        '<Document xmlns="urn:dss:xsd:SVC.001.001.01">${from}${to}${message_id}${created}${Bad Name}</Document>',
      ),
    ),
  ).toBe('template t: ${Bad Name} is not a placeholder (${field}, a lowercase name; $${ writes ${)');
  expect(
    refusal(() => parseTemplateText('t', '<Document xmlns="urn:dss:xsd:SVC.001.001.01">${from}${to}</Document>')),
  ).toBe('template t must use ${message_id}, ${created}: the AppHdr is written from them');
});
