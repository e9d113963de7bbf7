import { expect, test } from '@playwright/test';
import { faultCatalogue, parseFaultNames } from './faults/catalogue.ts';
import { UnknownNames } from './named-switch.ts';
import { parseReadingNames } from './readings/catalogue.ts';

test('a text of names is split at its commas and trimmed, a list taken as it is; each name comes once, in order', () => {
  expect(
    parseFaultNames(' credit-ceiling-not-enforced,, quotation-exchangeable-twice ,credit-ceiling-not-enforced'),
  ).toEqual(['credit-ceiling-not-enforced', 'quotation-exchangeable-twice']);
  expect(parseFaultNames('')).toEqual([]);
  expect(parseFaultNames(['quotation-exchangeable-twice', 'quotation-exchangeable-twice'])).toEqual([
    'quotation-exchangeable-twice',
  ]);
  // A list's names are names already: a padded one is no name of the catalogue.
  expect(() => parseFaultNames([' quotation-exchangeable-twice'])).toThrow(UnknownNames);
});

test('unknown names are refused all at once, with every known name, in one message whichever catalogue', () => {
  const refusal = (parse: () => unknown) => {
    try {
      parse();
    } catch (error) {
      expect(error).toBeInstanceOf(UnknownNames);
      return (error as Error).message;
    }
    throw new Error('not refused');
  };
  expect(refusal(() => parseFaultNames('no-such-fault,credit-ceiling-not-enforced,other'))).toBe(
    `unknown faults: no-such-fault, other; known faults: ${Object.keys(faultCatalogue).join(', ')}`,
  );
  expect(refusal(() => parseReadingNames(['rounding-up']))).toMatch(
    /^unknown readings: rounding-up; known readings: \S/,
  );
});
