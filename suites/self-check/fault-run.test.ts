import { test, expect } from '@playwright/test';
import type { ListedCheck } from './check-listing.ts';
import { BATCH_SIZE, checkBatches } from './fault-run.ts';

const listed = (check_id: string, ...requirements: string[]): ListedCheck => ({
  check_id,
  requirements,
  project: 'conformance',
  file: `${check_id.split('.')[0]}/checks.spec.js`,
});

test('the checks naming the requirement earliest run first, alone; then the most focused, a batch at a time', () => {
  const checks = [
    listed('invariants.ledger', 'INV-CONSERVATION', 'CL-CEILING', 'CL-REQUEST'),
    listed('ledger.credit-line-ceiling', 'CL-CEILING', 'CL-REQUEST'),
    listed('ledger.funding-flow', 'FUND-INSTRUCTION', 'CL-REQUEST'),
    listed('directory.member-not-found', 'DIR-MEMBER-NOT-FOUND'),
  ];
  expect(checkBatches('CL-CEILING', checks)).toEqual([['ledger.credit-line-ceiling'], ['invariants.ledger']]);
  // Named second by two checks and third by one: the two come first, alone.
  expect(checkBatches('CL-REQUEST', checks)).toEqual([
    ['ledger.credit-line-ceiling', 'ledger.funding-flow'],
    ['invariants.ledger'],
  ]);
  expect(checkBatches('AUTH-REFRESH', checks)).toEqual([]);
});

test('a requirement named by many checks is split into batches of BATCH_SIZE, none lost', () => {
  const checks = Array.from({ length: BATCH_SIZE * 2 + 1 }, (_, index) =>
    listed(`errors.case-${index}`, 'ERR-NO-5XX', 'ERR-BODY-SHAPE', ...(index % 2 === 0 ? ['ERR-INVALID-INPUT'] : [])),
  );
  const batches = checkBatches('ERR-BODY-SHAPE', checks);
  expect(batches.map((batch) => batch.length)).toEqual([BATCH_SIZE, BATCH_SIZE, 1]);
  expect(batches.flat().sort()).toEqual(checks.map((check) => check.check_id).sort());
  // The checks with two requirements come before those with three.
  expect(batches[0]!.every((id) => Number(id.split('-')[1]) % 2 === 1)).toBe(true);
  expect(batches[2]!.every((id) => Number(id.split('-')[1]) % 2 === 0)).toBe(true);
});
