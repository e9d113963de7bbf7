import { expect, test } from '@playwright/test';
import { checkRequirements } from './prerequisites.ts';

/** Two layers, never mixed: what a check names, by the layer of the rule it is about (its first requirement). */

test('a check of the specification keeps its own layer, the prerequisites’ checkers and the profile’s SHOULDs, and drops the profile’s other MUSTs', () => {
  expect(
    checkRequirements('CHG-REQUEST', 'GW-READ-CONSUMES', 'QUO-DISTRIBUTION', 'FUND-RESULT', 'BAL-READ', 'BAL-READ'),
  ).toEqual(['CHG-REQUEST', 'GW-READ-CONSUMES', 'FUND-RESULT', 'BAL-READ']);
});

test('a check of the reference profile names nothing of the specification, and keeps an id the catalogue does not know', () => {
  expect(
    checkRequirements('ALLOWLIST-IDEMPOTENT', 'ALLOWLIST-LIST', 'CL-REQUEST', 'ERR-BODY-SHAPE', 'NOT-IN-CATALOGUE'),
  ).toEqual(['ALLOWLIST-IDEMPOTENT', 'CL-REQUEST', 'NOT-IN-CATALOGUE']);
});
