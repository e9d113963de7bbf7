import { expect, test } from '@playwright/test';
import { wellFormedMemberIdentification } from './directory.ts';

test('a member identifier of 5 to 32 letters, digits or hyphens passes as it is', () => {
  for (const identification of ['mm-london', 'abcde', 'A1-b2', 'x'.repeat(32)]) expect(wellFormedMemberIdentification(identification)).toBe(identification);
});

test('an identifier no member can have is refused as MEMBER-ID-MALFORMED', () => {
  for (const identification of ['ab', 'abcd', 'abc*def', 'abc def', 'x'.repeat(33), 'münchen']) {
    expect(() => wellFormedMemberIdentification(identification), identification).toThrow(/^MEMBER-ID-MALFORMED: /);
  }
});
