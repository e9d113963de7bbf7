import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { messageTypeNames } from '../../schemas/iso20022/message-types.ts';
import { readFinancialMessage } from '../../simulator/iso20022/financial-message-reader.ts';
import { financialMessage } from '../../schemas/iso20022/message-envelope.ts';
import { readMessage } from '../../simulator/iso20022/read-message.ts';
import { sampleNetwork } from '../../test-support/simulator/sample-network.ts';
import { messageExamples, renderMessageDocs, signedExample } from './message-docs.ts';
import { storyMessage } from '../../schemas/iso20022/message-builders.ts';

test('docs/messages.md is current (rewrite it with `node --import tsx bin/tools/write-message-docs.ts`)', () => {
  expect(readFileSync(new URL('../../docs/messages.md', import.meta.url), 'utf8')).toBe(renderMessageDocs());
});

test('one example per supported type, each a Message that validates against the official XSDs', () => {
  expect(messageExamples.map((example) => example.type).sort()).toEqual([...messageTypeNames].sort());
  for (const example of messageExamples) {
    const reading = readMessage(
      example.type,
      storyMessage(example.type, example.document, example.from, example.to, example.identification),
    );
    expect(reading.problems, example.type).toEqual([]);
  }
});

test('the signed example passes every check of the ISO core, signature included', () => {
  const { members, identifiers } = sampleNetwork();
  const reading = readFinancialMessage(financialMessage('pacs.008.001.08', signedExample()), { members, identifiers });
  expect(reading.ok ? [] : reading.problems).toEqual([]);
});
