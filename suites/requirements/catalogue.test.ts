import { expect, test } from '@playwright/test';
import { specParts } from '../../schemas/catalogue-types.ts';
import { faultCatalogue } from '../../simulator/faults/catalogue.ts';
import { loadCatalogue, loadRequirements, parseRequirements } from './catalogue.ts';

test('catalogue 1.0.0 loads with unique ids, valid parts and levels, and the foundation requirements', () => {
  const requirements = loadRequirements('1.0.0');
  const ids = requirements.map((requirement) => requirement.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const requirement of requirements) {
    expect(specParts, requirement.id).toContain(requirement.part);
    expect(requirement.statement.length, requirement.id).toBeGreaterThan(40);
    expect(requirement.source, requirement.id).toMatch(/^(spec line \d+|docs\/semantics\.md § )/);
    expect(requirement.cites.length, requirement.id).toBeGreaterThan(0);
  }
  const level = (id: string) => requirements.find((requirement) => requirement.id === id)?.level;
  expect(level('ERR-LISTED-STATUS')).toBe('SHOULD');
  expect(level('AUTH-REFRESH-INVALIDATES')).toBe('MUST');
  expect(level('VER-PATH-PREFIX')).toBe('MUST');
  for (const id of [
    'ERR-BODY-SHAPE',
    'ERR-NO-5XX',
    'LIM-BODY-SIZE',
    'RES-DIRECTORY-SCHEMAS',
    'AUTH-FAMILY',
    'DIR-ACCOUNT-ADDRESS',
    'ALLOWLIST-IDEMPOTENT',
    'SIGN-PAYLOAD',
    'PP-SORT',
  ]) {
    expect(ids).toContain(id);
  }
  // Dropped when their rule changed (the YAML's changelog): an ID never comes back with another meaning.
  for (const id of ['SCN-FUNDING', 'SCN-PAYMENT-DSA', 'SCN-PAYMENT-DSO', 'SCN-CANCELLATION'])
    expect(ids).not.toContain(id);
});

test("the layers: rules the spec leaves open are the profile's, and a prerequisite is named, never scored", () => {
  const { requirements, prerequisites } = loadCatalogue('1.0.0');
  const layer = (id: string) => requirements.find((requirement) => requirement.id === id)?.layer;
  for (const id of [
    'QUO-EXPIRY-SCOPE',
    'CL-REQUEST',
    'SCN-DSO-ISSUANCE',
    'PAY-DSO-OBLIGATION',
    'AUTH-REFRESH-INVALIDATES',
    'AUTH-MISSING-TOKEN',
    'ERR-UNKNOWN-PATH',
    'GW-READ-CONSUMES',
  ]) {
    expect(layer(id), id).toBe('profile');
  }
  for (const id of ['AUTH-TOKEN-REQUIRED', 'ERR-BODY-SHAPE', 'FUND-INSTRUCTION', 'QUO-FILTERS-MATCH'])
    expect(layer(id), id).toBe('specification');
  const named = new Set(requirements.flatMap((requirement) => requirement.prerequisites));
  expect([...named].sort()).toEqual(prerequisites.map((prerequisite) => prerequisite.id).sort());
  for (const requirement of requirements)
    if (requirement.layer === 'profile') expect(requirement.prerequisites, requirement.id).toEqual([]);
  // Whether a prerequisite held is read from the profile requirements that check it.
  for (const prerequisite of prerequisites) {
    expect(prerequisite.checked_by.length, prerequisite.id).toBeGreaterThan(0);
    for (const id of prerequisite.checked_by) expect(layer(id), `${prerequisite.id} checked by ${id}`).toBe('profile');
  }
  expect(prerequisites.find((prerequisite) => prerequisite.id === 'PRE-CREDIT-LINE-ACCOUNT')?.checked_by).toEqual([
    'CL-REQUEST',
  ]);
});

test('a prerequisite must name the requirements that check it, and they must exist', () => {
  const text = (checkedBy: string) => `
spec_version: 1.0.0
prerequisites:
  - { id: PRE-RULE, statement: s, cites: [{ spec: 1, quote: q }]${checkedBy} }
requirements:
  - { id: GOOD-ONE, part: errors, level: MUST, layer: profile, statement: s, cites: [{ spec: 1, quote: q }] }
`;
  expect(() => parseRequirements(text(''), '1.0.0')).toThrow(
    'prerequisites[0] (PRE-RULE): checked_by must be a non-empty list of the requirement ids that verify it',
  );
  expect(() => parseRequirements(text(', checked_by: [GONE-ONE]'), '1.0.0')).toThrow(
    'prerequisites (PRE-RULE): checked_by names GONE-ONE, which is not among the requirements',
  );
  expect(parseRequirements(text(', checked_by: [GOOD-ONE]'), '1.0.0').map((requirement) => requirement.id)).toEqual([
    'GOOD-ONE',
  ]);
});

test('an unknown spec version names the file it looked for', () => {
  expect(() => loadRequirements('9.9.9')).toThrow(
    /No requirement catalogue for spec version 9\.9\.9 \(expected .*9\.9\.9\.yaml\)/,
  );
});

test('a broken catalogue is refused with every problem at once', () => {
  const text = `
spec_version: 1.0.1
requirements:
  - { id: GOOD-ONE, part: errors, level: MUST, layer: specification, statement: s, cites: [{ spec: 1, quote: q }] }
  - { id: GOOD-ONE, part: errors, level: MUST, layer: specification, statement: s, cites: [{ spec: 1, quote: q }] }
  - { id: bad id, part: chapter, level: MAY, layer: law, statement: '', cites: [{ page: 2 }], prerequisites: [PRE-NONE] }
  - just text
`;
  let message = '';
  try {
    parseRequirements(text, '1.0.0');
  } catch (error) {
    message = error instanceof Error ? error.message : String(error);
  }
  expect(message.split('\n')).toEqual([
    'Requirement catalogue 1.0.0 is invalid:',
    '  - spec_version is "1.0.1", expected "1.0.0"',
    '  - requirements[1]: duplicate id GOOD-ONE',
    '  - requirements[2] (bad id): id must match /^[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+$/',
    `  - requirements[2] (bad id): part must be one of ${specParts.join(', ')}`,
    '  - requirements[2] (bad id): level must be one of MUST, SHOULD',
    '  - requirements[2] (bad id): statement must be a non-empty string',
    '  - requirements[2] (bad id): layer must be one of specification, profile',
    '  - requirements[2] (bad id): cites[0]: needs a quote',
    '  - requirements[3]: must be a mapping',
  ]);
});

test('a catalogue without a requirements list is refused', () => {
  expect(() => parseRequirements('spec_version: 1.0.0\n', '1.0.0')).toThrow('requirements must be a list');
  expect(() => parseRequirements('- a\n- b\n', '1.0.0')).toThrow('the file is not a YAML mapping');
});

test('every simulator fault names a MUST requirement of its part: only a failing check can catch it', () => {
  const byId = new Map(loadRequirements('1.0.0').map((requirement) => [requirement.id, requirement]));
  for (const [name, fault] of Object.entries(faultCatalogue)) {
    expect(byId.get(fault.requirement), name).toMatchObject({ level: 'MUST', part: fault.part });
  }
});
