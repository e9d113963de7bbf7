import { expect, test } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCatalogue, type Citation } from './catalogue.ts';
import { loadSpecIndex, normalised, notProvokableStatuses, specLines } from './spec-index.ts';
import { readingsReliedOn, semanticsCitedBySpecification } from './readings-relied-on.ts';
import { referenceReadings } from '../../protocol/readings.ts';

/**
 * The catalogue, the index of the spec's statements and the spec itself in step: every statement maps to a
 * requirement or a stated reason, every citation quotes what is there, a specification requirement cites
 * the spec, and every requirement a client can provoke is named by a check.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));
const spec = specLines();
const { requirements, prerequisites } = loadCatalogue();
const byId = new Map(requirements.map((requirement) => [requirement.id, requirement]));
const index = loadSpecIndex();

/** docs/semantics.md by `##` section, whitespace normalised. */
function semanticsSections(): Map<string, string> {
  const sections = new Map<string, string>();
  let current: string | null = null;
  for (const line of readFileSync(join(root, 'docs/semantics.md'), 'utf8').split('\n')) {
    const heading = /^## (.+)$/.exec(line);
    if (heading) current = heading[1]!;
    else if (current !== null) sections.set(current, `${sections.get(current) ?? ''} ${line}`);
  }
  return new Map([...sections].map(([name, text]) => [name, normalised(text)]));
}

function citationProblem(citation: Citation, sections: Map<string, string>): string | null {
  if ('spec' in citation) {
    const line = spec[citation.spec - 1];
    if (line === undefined) return `spec line ${citation.spec} does not exist`;
    return normalised(line).includes(normalised(citation.quote))
      ? null
      : `spec line ${citation.spec} does not contain "${citation.quote}"`;
  }
  const section = sections.get(citation.semantics);
  if (section === undefined) return `docs/semantics.md has no section "${citation.semantics}"`;
  return section.includes(normalised(citation.quote))
    ? null
    : `docs/semantics.md § ${citation.semantics} does not contain "${citation.quote}"`;
}

test('every citation quotes a line of the spec or a section of docs/semantics.md that exists', () => {
  const sections = semanticsSections();
  const problems = [...requirements, ...prerequisites].flatMap((entry) =>
    entry.cites
      .map((citation) => citationProblem(citation, sections))
      .filter((problem) => problem !== null)
      .map((problem) => `${entry.id}: ${problem}`),
  );
  expect(problems).toEqual([]);
});

test('a specification requirement cites the spec; a profile requirement cites docs/semantics.md', () => {
  const problems: string[] = [];
  for (const requirement of requirements) {
    const citesSpec = requirement.cites.some((citation) => 'spec' in citation);
    const citesSemantics = requirement.cites.some((citation) => 'semantics' in citation);
    if (requirement.layer === 'specification' && !citesSpec)
      problems.push(
        `${requirement.id} (${requirement.level}) is in the specification layer but cites no line of the spec`,
      );
    if (requirement.layer === 'profile' && !citesSemantics)
      problems.push(`${requirement.id} is in the profile layer but cites no section of docs/semantics.md`);
  }
  for (const prerequisite of prerequisites) {
    if (!prerequisite.cites.some((citation) => 'semantics' in citation))
      problems.push(`${prerequisite.id} cites no section of docs/semantics.md`);
  }
  expect(problems).toEqual([]);
});

test('every statement of the spec index quotes its lines and maps to requirements that cite them, or to a reason', () => {
  const problems: string[] = [];
  for (const statement of index) {
    const where = `spec-index line ${statement.line} "${statement.quote}"`;
    const text = normalised(spec.slice(statement.line - 1, statement.to).join(' '));
    if (statement.to < statement.line || statement.to > spec.length)
      problems.push(`${where}: lines ${statement.line}-${statement.to} are not in the spec`);
    else if (!text.includes(normalised(statement.quote)))
      problems.push(`${where}: not found in lines ${statement.line}-${statement.to}`);
    const reasons = [statement.partly, statement.open, statement.not_testable].filter((reason) => reason !== null);
    if (reasons.length > 1) problems.push(`${where}: give one of partly, open, not_testable`);
    if (statement.requirements.length === 0 && statement.not_testable === null)
      problems.push(`${where}: names no requirement and no reason`);
    for (const id of statement.requirements) {
      const requirement = byId.get(id);
      if (!requirement) problems.push(`${where}: ${id} is not in the catalogue`);
      else if (
        !requirement.cites.some(
          (citation) => 'spec' in citation && citation.spec >= statement.line && citation.spec <= statement.to,
        )
      ) {
        problems.push(`${where}: ${id} cites none of lines ${statement.line}-${statement.to}`);
      }
    }
    const specification = statement.requirements
      .map((id) => byId.get(id))
      .filter((requirement) => requirement?.layer === 'specification');
    if (reasons.length === 0 && !specification.some((requirement) => requirement?.not_testable === null)) {
      problems.push(
        `${where}: covered needs a testable specification requirement; otherwise say partly, open or not_testable`,
      );
    }
    if (statement.not_testable !== null && specification.some((requirement) => requirement?.not_testable === null)) {
      problems.push(`${where}: not testable, yet covered by a testable specification requirement`);
    }
  }
  expect(problems).toEqual([]);
});

test('every spec line a specification requirement cites is a statement of the index, and every such requirement covers one', () => {
  const indexed = (line: number) => index.some((statement) => line >= statement.line && line <= statement.to);
  const named = new Set(index.flatMap((statement) => statement.requirements));
  const problems: string[] = [];
  for (const requirement of requirements.filter((candidate) => candidate.layer === 'specification')) {
    for (const citation of requirement.cites) {
      if ('spec' in citation && !indexed(citation.spec))
        problems.push(`${requirement.id} cites spec line ${citation.spec}, which the index lists in no statement`);
    }
    if (!named.has(requirement.id)) problems.push(`${requirement.id} covers no statement of the index`);
  }
  expect(problems).toEqual([]);
});

/** The text of every file a check is written in: the checks, their flows, the invariant models, the scenarios. */
function checkSources(): string {
  const texts: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|yaml)$/.test(entry.name) && !entry.name.endsWith('.test.ts'))
        texts.push(readFileSync(join(root, path), 'utf8'));
    }
  };
  for (const folder of ['suites/checks', 'suites/flows', 'suites/invariants', 'scenarios']) walk(folder);
  return texts.join('\n');
}

test('every requirement a client can provoke is named by a check; a not-testable one by none', () => {
  const sources = checkSources();
  const namedByCheck = (id: string) => new RegExp(`(?<![A-Z0-9-])${id}(?![A-Z0-9-])`).test(sources);
  const unchecked = requirements
    .filter((requirement) => requirement.not_testable === null && !namedByCheck(requirement.id))
    .map((requirement) => requirement.id);
  const checkedAnyway = requirements
    .filter((requirement) => requirement.not_testable !== null && namedByCheck(requirement.id))
    .map((requirement) => requirement.id);
  expect({ unchecked, checkedAnyway }).toEqual({ unchecked: [], checkedAnyway: [] });
});

test('the statuses no client can provoke are read from their table rows: endpoint and status', () => {
  const statuses = notProvokableStatuses().map(
    ({ family, method, path, status }) => `${family} ${method} ${path} ${status}`,
  );
  expect(statuses).toContain('member POST /sign/message 404');
  expect(statuses).toContain('member POST /settlement-instruments 409');
  expect(statuses).toContain('tokenizer POST /transactions/send 404');
  expect(statuses.filter((entry) => entry.endsWith(' 500'))).toHaveLength(12);
  expect(statuses).not.toContain('member POST /exchange 404');
});

/** Every TypeScript file under `folder` (from the package root), tests and the reading's own definitions aside. */
function harnessModules(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => join(folder, file));
}

/**
 * Where the profile parses and reports the readings, and where preflight detects them and the report notes
 * what the checks' answers showed of them: they name keys without following any.
 */
const readingPlumbing = new Set([
  'suites/runtime/profile.ts',
  'suites/runtime/profile-schema.ts',
  'suites/runtime/target.ts',
  'suites/runtime/reading-detection.ts',
  'suites/runtime/reading-evidence.ts',
  'suites/runtime/reading-mid-run.ts',
  'suites/requirements/readings-relied-on.ts',
]);

test('the modules that follow a declared reading, and the specification requirements judged under it, are the reviewed list', () => {
  const problems: string[] = [];
  const modules = [...harnessModules('suites'), ...harnessModules('schemas')].filter(
    (file) =>
      !readingPlumbing.has(file) && !file.startsWith('suites/reporters/') && !file.startsWith('suites/self-check/'),
  );
  for (const key of Object.keys(referenceReadings) as Array<keyof typeof referenceReadings>) {
    const reviewed = readingsReliedOn[key];
    const following = modules.filter((file) => new RegExp(`\\b${key}\\b`).test(readFileSync(join(root, file), 'utf8')));
    for (const file of following.filter((file) => !reviewed.modules.includes(file)))
      problems.push(
        `${file} follows the reading ${key}, which suites/requirements/readings-relied-on.ts does not list for it`,
      );
    for (const file of reviewed.modules.filter((file) => !following.includes(file)))
      problems.push(`readings-relied-on.ts lists ${file} for ${key}, which it does not read`);
    for (const id of reviewed.requirements)
      if (byId.get(id)?.layer !== 'specification')
        problems.push(`readings-relied-on.ts: ${id} (${key}) is not a specification requirement`);
    if (reviewed.modules.length > 0 && reviewed.requirements.length === 0)
      problems.push(`${key} is followed by ${reviewed.modules.join(', ')} but judges no specification requirement`);
  }
  expect(problems).toEqual([]);
});

test('a specification requirement asserts what its spec lines state: it cites docs/semantics.md only where the reviewed list says why that adds no rule', () => {
  const citing = requirements
    .filter(
      (requirement) =>
        requirement.layer === 'specification' && requirement.cites.some((citation) => 'semantics' in citation),
    )
    .map((requirement) => requirement.id);
  expect(
    citing.filter((id) => !(id in semanticsCitedBySpecification)),
    'specification requirements whose rule rests on docs/semantics.md: move that clause to a profile twin',
  ).toEqual([]);
  expect(
    Object.keys(semanticsCitedBySpecification).filter((id) => !citing.includes(id)),
    'stale entries of semanticsCitedBySpecification',
  ).toEqual([]);
});
