import { expect, test } from '@playwright/test';
import { CheckFailure } from '../runtime/check-failure.ts';
import type { DssResponse } from '../runtime/client.ts';
import { always, judge, type System } from './command-base.ts';

/**
 * How a step the target decided otherwise than the model is judged: a MUST of the specification stops the
 * run; a MUST decision of the reference profile is recorded as broken and the run goes on (the model follows
 * the target), so that the specification's invariants are still decided; a SHOULD warns.
 */

function recordingSystem() {
  const recorded: Array<{ requirement: string; broken: boolean }> = [];
  const system = {
    warn: (requirement: string, _kind: string, _message: string, broken = false) =>
      recorded.push({ requirement, broken }),
  } as unknown as System;
  return { system, recorded };
}

const refused = { accepted: false, status: 400, response: {} as DssResponse };

test('a refused step a MUST of the specification permits stops the run under that requirement', () => {
  const { system, recorded } = recordingSystem();
  expect(() => judge(system, 'a funding', 'funding 1 USD', always('FUND-INSTRUCTION'), refused)).toThrow(CheckFailure);
  expect(recorded).toEqual([]);
});

test('a refused step a MUST decision of the reference profile permits is recorded as broken, and the run goes on', () => {
  const { system, recorded } = recordingSystem();
  judge(system, 'an allowlist change', 'mmA adding mmB', always('ALLOWLIST-IDEMPOTENT'), refused);
  expect(recorded).toEqual([{ requirement: 'ALLOWLIST-IDEMPOTENT', broken: true }]);
});

test('a refused step a SHOULD permits only warns', () => {
  const { system, recorded } = recordingSystem();
  judge(system, 'a DSO issuance', 'mmA issuing again', always('INS-DSO-IDEMPOTENT'), refused);
  expect(recorded).toEqual([{ requirement: 'INS-DSO-IDEMPOTENT', broken: false }]);
});
