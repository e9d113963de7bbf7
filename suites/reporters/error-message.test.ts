import { expect, test } from '@playwright/test';
import { cleanErrorMessage } from './error-message.ts';

// As Playwright's JSON reporter writes it: colours, then a code frame and a stack line.
const jsonReporterMessage =
  "Error: status of GET /x\n\n\u001b[2mexpect(\u001b[22m\u001b[31mreceived\u001b[39m\u001b[2m).\u001b[22mtoBe\u001b[2m(\u001b[22m\u001b[32mexpected\u001b[39m\u001b[2m)\u001b[22m\n\nExpected: \u001b[32m404\u001b[39m\nReceived: \u001b[31m500\u001b[39m\n\n   6 | test('fail', async () => {\n>  8 |   expect(500).toBe(404);\n     |               ^\n   9 | });\n    at /tmp/checks/a.spec.ts:8:35";

test('cleaning drops colours, the code frame, the stack and the generic class name', () => {
  expect(cleanErrorMessage(jsonReporterMessage)).toBe(
    'status of GET /x\n\nexpect(received).toBe(expected)\n\nExpected: 404\nReceived: 500',
  );
  expect(cleanErrorMessage('CheckFailure: [AUTH-REFRESH] expected status 200, got 404')).toBe(
    '[AUTH-REFRESH] expected status 200, got 404',
  );
  // When the error comes from another file than the test, the frame opens with that location.
  expect(
    cleanErrorMessage(
      'Harness fault: no parameter\n\n   at ../client.ts:128\n\n  126 |   const path = x;\n> 128 |     throw y;',
    ),
  ).toBe('Harness fault: no parameter');
  // A specific class name says something: it stays.
  expect(cleanErrorMessage("TypeError: Cannot read properties of undefined (reading 'x')")).toBe(
    "TypeError: Cannot read properties of undefined (reading 'x')",
  );
  // Words that merely start like a stack line are kept.
  expect(cleanErrorMessage('Error: refused\n   at least one account is missing')).toBe(
    'refused\n   at least one account is missing',
  );
});
