import { test, expect } from '@playwright/test';
import { readingsSchema, referenceReadings } from '../../protocol/readings.ts';
import { readingCatalogue } from '../../simulator/readings/catalogue.ts';
import { validate } from '../../schemas/validators.ts';
import { loadRequirements } from './catalogue.ts';

/**
 * Every reading variant of the simulator is a reading the spec allows, and shows somewhere: it names
 * the spec lines that allow it, declares only what a profile may declare, and names the requirements of
 * the reference profile (never of the specification) where the difference is reported.
 */
const SPEC_LINES = 574;

test('every reading cites lines of the spec, declares a valid readings block, and differs from the reference where it declares', () => {
  for (const [name, reading] of Object.entries(readingCatalogue)) {
    expect(reading.spec_lines.length, name).toBeGreaterThan(0);
    for (const line of reading.spec_lines) expect(line >= 1 && line <= SPEC_LINES, `${name}: line ${line}`).toBe(true);
    const result = validate(readingsSchema, reading.declares);
    expect(result.valid, `${name}: ${result.valid ? '' : result.errors.join('; ')}`).toBe(true);
    for (const [key, value] of Object.entries(reading.declares))
      expect(value, `${name} declares ${key} as the reference does`).not.toBe(
        referenceReadings[key as keyof typeof referenceReadings],
      );
  }
});

test('every reading shows its difference in the reference profile, never in the specification layer', () => {
  const byId = new Map(loadRequirements('1.0.0').map((requirement) => [requirement.id, requirement]));
  for (const [name, reading] of Object.entries(readingCatalogue)) {
    expect(
      reading.differences.length,
      `${name} names no requirement of the reference profile where it differs`,
    ).toBeGreaterThan(0);
    for (const id of reading.differences) expect(byId.get(id)?.layer, `${name}: ${id}`).toBe('profile');
  }
});
