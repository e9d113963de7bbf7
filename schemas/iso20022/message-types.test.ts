import { test, expect } from '@playwright/test';
import { existsSync } from 'node:fs';
import {
  appHeaderSchema,
  financialMessageType,
  messageTypeNames,
  messageTypes,
  parseFinancialMessageType,
} from './message-types.ts';

test('the ten types of semantics §11 are supported, each with an XSD in this folder', () => {
  expect([...messageTypeNames].sort()).toEqual([
    'SVC.001.001.01',
    'SVC.002.001.01',
    'camt.026.001.07',
    'camt.029.001.09',
    'camt.056.001.08',
    'camt.087.001.06',
    'pacs.002.001.10',
    'pacs.004.001.09',
    'pacs.008.001.08',
    'pacs.009.001.08',
  ]);
  for (const type of messageTypeNames) {
    expect(existsSync(new URL(messageTypes[type].xsd, import.meta.url)), type).toBe(true);
    expect(parseFinancialMessageType(financialMessageType(type))).toEqual({ ok: true, type });
  }
  expect(existsSync(new URL(appHeaderSchema.xsd, import.meta.url))).toBe(true);
});

test('ISO types use their standard namespace', () => {
  expect(messageTypes['pacs.008.001.08'].namespace).toBe('urn:iso:std:iso:20022:tech:xsd:pacs.008.001.08');
  expect(messageTypes['camt.087.001.06'].namespace).toBe('urn:iso:std:iso:20022:tech:xsd:camt.087.001.06');
});

test('SWIFT MT formats are refused as MT, whatever the prefix', () => {
  for (const value of ['MT103', 'swift:MT103', 'iso20022:MT202', 'fin.103']) {
    const parsed = parseFinancialMessageType(value);
    expect(parsed.ok, value).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toContain('SWIFT MT');
  }
});

test('another version of a known message names the supported one', () => {
  const parsed = parseFinancialMessageType('iso20022:pacs.008.001.07');
  expect(parsed).toEqual({ ok: false, reason: expect.stringContaining('pacs.008.001.08') });
  expect(parseFinancialMessageType('iso20022:pacs.008.001.12').ok).toBe(false);
  expect(parseFinancialMessageType('iso20022:SVC.001.001.02').ok).toBe(false);
});

test('other namespaces, unknown messages and malformed values are refused', () => {
  for (const value of [
    'xml:pacs.008.001.08',
    'ISO20022:pacs.008.001.08',
    'iso20022:pacs.999.001.01',
    'iso20022:pacs.008',
    'pacs.008.001.08',
    '',
  ]) {
    expect(parseFinancialMessageType(value).ok, value).toBe(false);
  }
  expect(parseFinancialMessageType('iso20022:pacs.999.001.01')).toEqual({
    ok: false,
    reason: expect.stringContaining('not a message type of the service'),
  });
});
