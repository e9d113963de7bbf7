import { test, expect } from '@playwright/test';
import { SimClock } from '../clock.ts';
import type { ReportedStatus } from '../iso20022/status-report.ts';
import { sampleNetwork } from '../../test-support/simulator/sample-network.ts';
import { textAt } from '../iso20022/xml-dom.ts';
import { paymentReasons } from './problems.ts';
import { ServiceReports } from './service-reports.ts';
import { readServiceReport } from '../../test-support/simulator/payment-network.ts';

const subject = {
  type: 'pacs.008.001.08' as const,
  messageIdentification: 'PAY-1',
  transactions: [{ instructionIdentification: 'INSTR-1', endToEndIdentification: 'E2E-1' }],
};

test('each report has its own identification and the clock’s time, and validates against the official XSDs with every reason the payments use', () => {
  const clock = new SimClock(Date.UTC(2026, 2, 1, 12, 0, 0, 7), () => 0);
  const reports = new ServiceReports(clock);
  const { ofi } = sampleNetwork();
  const statuses: Array<[ReportedStatus, string?]> = [
    ['ACTC'],
    ['ACSC'],
    ['ACCP'],
    ...Object.values(paymentReasons).map((code): [ReportedStatus, string] => ['RJCT', code]),
  ];
  const identifications = statuses.map(([status, code]) => {
    const report = readServiceReport(
      reports.report(ofi, subject, status, code ? { code, additionalInformation: ['why'] } : undefined),
    );
    expect(report).toMatchObject({ status, reason: code, to: ofi.bicfi });
    expect(textAt(report.content.body, 'GrpHdr/CreDtTm')).toBe('2026-03-01T12:00:00.007Z');
    return report.content.messageIdentification;
  });
  expect(identifications[0]).toBe('DSSV-STS-000000001');
  expect(new Set(identifications).size).toBe(statuses.length);
});
