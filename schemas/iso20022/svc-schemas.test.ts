import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { messageTypes } from './message-types.ts';
import { xsdProblemsOfText } from './xsd-validation.ts';

const example = (type: string) => readFileSync(new URL(`examples/${type}.xml`, import.meta.url), 'utf8');

for (const type of ['SVC.001.001.01', 'SVC.002.001.01'] as const) {
  test.describe(`our XSD ${type}`, () => {
    const xsd = messageTypes[type].xsd;

    test('the documented example validates', () => {
      expect(xsdProblemsOfText(xsd, example(type))).toEqual([]);
    });

    test('a broken example fails with the element named', () => {
      const broken = example(type).replace('<OrgnlMsgNmId>pacs.008.001.08</OrgnlMsgNmId>', '');
      const problems = xsdProblemsOfText(xsd, broken);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^line \d+: .*OrgnlMsgNmId/);
    });

    test('ISO facets hold: a lower-case BIC and a bad UETR are refused', () => {
      expect(
        xsdProblemsOfText(xsd, example(type).replace('<BICFI>AAAAUS33XXX</BICFI>', '<BICFI>aaaaus33xxx</BICFI>')),
      ).toHaveLength(1);
      expect(xsdProblemsOfText(xsd, example(type).replace('3f2b8c1e-6a4d-4e2b', '3f2b8c1e-6a4d-1e2b'))).toHaveLength(1);
    });

    test('the namespace is the service’s own, never an ISO one', () => {
      expect(messageTypes[type].namespace).toBe(`urn:dss:xsd:${type}`);
      expect(
        xsdProblemsOfText(xsd, example(type).replace(`urn:dss:xsd:${type}`, `urn:iso:std:iso:20022:tech:xsd:${type}`)),
      ).not.toEqual([]);
    });
  });
}

test('SVC.001: only ACTC and RJCT are statuses', () => {
  const xsd = messageTypes['SVC.001.001.01'].xsd;
  expect(xsdProblemsOfText(xsd, example('SVC.001.001.01').replace('<Sts>ACTC</Sts>', '<Sts>ACSC</Sts>'))).toHaveLength(
    1,
  );
});

test('SVC.002: an amount with six decimals breaks ActiveCurrencyAndAmount', () => {
  const xsd = messageTypes['SVC.002.001.01'].xsd;
  expect(xsdProblemsOfText(xsd, example('SVC.002.001.01').replace('15250.75', '15250.750001'))).toHaveLength(1);
});
