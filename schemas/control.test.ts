import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { controlCalls, controlPrefix, controlRequests, type ControlRequest } from './control.ts';
import { validate } from './validators.ts';

/** schemas/control.ts against the page that describes the control plane to people, and its request rules. */

test('docs/control-plane.md lists exactly the calls of controlCalls, in their order', () => {
  const page = readFileSync(new URL('../docs/control-plane.md', import.meta.url), 'utf8');
  const listed = [...page.matchAll(/^\| `(GET|POST|DELETE) (\/sim\/[a-z{}/]+)`/gm)].map(
    (match) => `${match[1]} ${match[2]}`,
  );
  expect(listed).toEqual(controlCalls.map((call) => `${call.method} ${controlPrefix}${call.path}`));
});

test('the request schemas refuse what the control plane refuses: both networks at once, a clock with neither field, an unknown role', () => {
  const reset: ControlRequest<'reset'> = { network: 'demo', network_file: 'members: []' };
  expect(validate(controlRequests.reset, reset).valid).toBe(false);
  expect(validate(controlRequests.reset, { network: 'demo' }).valid).toBe(true);
  expect(validate(controlRequests.clock, {}).valid).toBe(false);
  expect(validate(controlRequests.clock, { advance_ms: 5 }).valid).toBe(true);
  // @ts-expect-error a role the schema does not list
  const token: ControlRequest<'token'> = { member_identification: 'mm-london', role: 'owner' };
  expect(validate(controlRequests.token, token).valid).toBe(false);
});
