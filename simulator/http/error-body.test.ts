import { expect, test } from '@playwright/test';
import { DssError } from '../errors.ts';
import { FaultSwitch } from '../faults/catalogue.ts';
import { errorBody } from './error-body.ts';

const now = 1_800_000_000_123;
const error = new DssError('MEMBER-NOT-FOUND', 'No member nobody.');

test('the error timestamp is the time of the error in milliseconds since the epoch', () => {
  expect(
    errorBody(error, { endpointUrl: '/client/v1/api/members/nobody', now, faults: new FaultSwitch() }).timestamp,
  ).toBe(now);
});

test('fault error-timestamp-in-seconds: the timestamp is in whole seconds', () => {
  const faults = new FaultSwitch();
  faults.enable('error-timestamp-in-seconds');
  expect(errorBody(error, { endpointUrl: '/client/v1/api/members/nobody', now, faults }).timestamp).toBe(1_800_000_000);
});
