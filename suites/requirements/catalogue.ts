/**
 * The requirement catalogues: one frozen YAML file per spec version (`<version>.yaml` in this folder),
 * listing every spec rule the suites enforce with a stable ID. Checks name these IDs; the conformance
 * report scores the spec parts from them. Nothing else lives here: checks are in the suites, scoring is
 * in suites/reporters/.
 */
import { existsSync } from 'node:fs';
import { specParts, type SpecPart } from '../../schemas/catalogue-types.ts';
import { readKitYaml } from '../kit-layout.ts';
import { yaml } from '../yaml.ts';

export const requirementLevels = ['MUST', 'SHOULD'] as const;
export type RequirementLevel = (typeof requirementLevels)[number];

/**
 * `specification`: what every reading of the spec's words demands; the verdict and score use these only.
 * `profile`: a decision of the reference profile (docs/semantics.md) on a point the spec leaves open;
 * reported beside the verdict ("interoperates with the reference profile"), never folded into it.
 */
export const requirementLayers = ['specification', 'profile'] as const;
export type RequirementLayer = (typeof requirementLayers)[number];

export interface Requirement {
  id: string;
  part: SpecPart;
  level: RequirementLevel;
  statement: string;
  /** The citations below as one line of text, for reports. */
  source: string;
  layer: RequirementLayer;
  /** Why no client can provoke it (an internal failure, say); null for a requirement checks can verify. */
  not_testable: string | null;
  /** Interoperability rules (PRE-...) a target must follow before any check of this requirement can run. */
  prerequisites: string[];
}

/**
 * One quoted source: a line of the specification (its line number in `dss-api-spec-1.0.0.md`, a verbatim
 * copy of the spec kept beside the catalogue), or a section of docs/semantics.md (its `##` heading). The
 * quote is a verbatim fragment of that line or section, so that a reader (and the coverage test) can
 * find it.
 */
export type Citation = { spec: number; quote: string } | { semantics: string; quote: string };

/** A requirement as the catalogue writes it: with its citations. */
export interface CataloguedRequirement extends Requirement {
  cites: Citation[];
}

/**
 * An interoperability rule of the reference profile that a check needs before it can verify anything (a
 * vendor must sign a funding somehow): never scored itself, named so that a vendor knows what it adopts.
 */
export interface Prerequisite {
  id: string;
  statement: string;
  cites: Citation[];
  source: string;
  /**
   * The requirements (of the reference profile) whose verdict says whether the target follows the rule:
   * it held in a run when they all passed, and did not hold when one of them failed.
   */
  checked_by: string[];
}

export interface Catalogue {
  requirements: CataloguedRequirement[];
  prerequisites: Prerequisite[];
}

/** Upper-case words joined by hyphens (`AUTH-REFRESH`): greppable, and safe in any report format. */
const idPattern = /^[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+$/;

/**
 * Catalogues read so far, by version. The scenarios ask for the catalogue once each and parsing its
 * YAML takes a tenth of a second or more: once per process is enough.
 */
const loaded = new Map<string, Catalogue>();

/** Reads and validates the catalogue of a spec version; throws with every problem found. */
export function loadRequirements(version = '1.0.0'): CataloguedRequirement[] {
  return loadCatalogue(version).requirements;
}

/** The whole catalogue of a spec version: its requirements and the prerequisites they name. */
export function loadCatalogue(version = '1.0.0'): Catalogue {
  let catalogue = loaded.get(version);
  if (!catalogue) {
    catalogue = readCatalogue(version);
    loaded.set(version, catalogue);
  }
  // Copies of the lists: a caller that sorts or filters its own does not change the next caller's.
  return { requirements: [...catalogue.requirements], prerequisites: [...catalogue.prerequisites] };
}

function readCatalogue(version: string): Catalogue {
  const file = new URL(`./${version}.yaml`, import.meta.url);
  if (!existsSync(file))
    throw new Error(`No requirement catalogue for spec version ${version} (expected ${file.pathname})`);
  return catalogueOf(readKitYaml(file), version);
}

/** Validates a catalogue's text, reporting every problem at once so a catalogue edit is fixed in one go. */
export function parseRequirements(text: string, version: string): CataloguedRequirement[] {
  return parseCatalogue(text, version).requirements;
}

export function parseCatalogue(text: string, version: string): Catalogue {
  return catalogueOf(yaml().parse(text), version);
}

function catalogueOf(document: unknown, version: string): Catalogue {
  if (!isRecord(document)) throw new Error(`Requirement catalogue ${version}: the file is not a YAML mapping`);
  const problems: string[] = [];
  if (document.spec_version !== version) {
    problems.push(`spec_version is ${JSON.stringify(document.spec_version)}, expected "${version}"`);
  }
  const entries = document.requirements;
  if (!Array.isArray(entries)) {
    problems.push('requirements must be a list');
    throw catalogueError(version, problems);
  }
  const prerequisites: Prerequisite[] = [];
  const prerequisiteEntries = document.prerequisites ?? [];
  if (!Array.isArray(prerequisiteEntries)) problems.push('prerequisites must be a list');
  else {
    prerequisiteEntries.forEach((entry: unknown, index) => {
      const prerequisite = checkPrerequisite(entry, `prerequisites[${index}]`, problems);
      if (prerequisite) prerequisites.push(prerequisite);
    });
  }
  const known = new Set(prerequisites.map((prerequisite) => prerequisite.id));
  const seen = new Set<string>();
  const requirements: CataloguedRequirement[] = [];
  entries.forEach((entry: unknown, index) => {
    const requirement = checkEntry(entry, `requirements[${index}]`, problems);
    if (!requirement) return;
    if (seen.has(requirement.id)) problems.push(`requirements[${index}]: duplicate id ${requirement.id}`);
    for (const name of requirement.prerequisites) {
      if (!known.has(name))
        problems.push(
          `requirements[${index}] (${requirement.id}): prerequisite ${name} is not among the prerequisites`,
        );
    }
    seen.add(requirement.id);
    requirements.push(requirement);
  });
  for (const prerequisite of prerequisites) {
    for (const id of prerequisite.checked_by) {
      const checker = requirements.find((requirement) => requirement.id === id);
      if (!checker)
        problems.push(
          `prerequisites (${prerequisite.id}): checked_by names ${id}, which is not among the requirements`,
        );
      else if (checker.prerequisites.length > 0)
        problems.push(
          `prerequisites (${prerequisite.id}): checked_by names ${id}, which rests on prerequisites itself`,
        );
    }
  }
  if (problems.length > 0) throw catalogueError(version, problems);
  return { requirements, prerequisites };
}

/** A citation as one readable phrase: `spec line 512 "…"` or `semantics § Heading "…"`. */
export function describeCitation(citation: Citation): string {
  return 'spec' in citation
    ? `spec line ${citation.spec}: "${citation.quote}"`
    : `docs/semantics.md § ${citation.semantics}: "${citation.quote}"`;
}

function checkCitations(value: unknown, label: string, problems: string[]): Citation[] | null {
  if (!Array.isArray(value) || value.length === 0) {
    problems.push(
      `${label}: cites must be a non-empty list of { spec: <line>, quote } or { semantics: <section>, quote }`,
    );
    return null;
  }
  const cites: Citation[] = [];
  value.forEach((entry: unknown, index) => {
    const where = `${label}: cites[${index}]`;
    if (!isRecord(entry) || !isText(entry.quote)) problems.push(`${where}: needs a quote`);
    else if (typeof entry.spec === 'number' && Number.isInteger(entry.spec) && entry.spec > 0)
      cites.push({ spec: entry.spec, quote: entry.quote });
    else if (isText(entry.semantics)) cites.push({ semantics: entry.semantics, quote: entry.quote });
    else problems.push(`${where}: needs spec (a line number) or semantics (a section heading)`);
  });
  return cites;
}

function checkPrerequisite(entry: unknown, where: string, problems: string[]): Prerequisite | null {
  if (!isRecord(entry)) {
    problems.push(`${where}: must be a mapping`);
    return null;
  }
  const label = typeof entry.id === 'string' ? `${where} (${entry.id})` : where;
  if (!isId(entry.id) || !entry.id.startsWith('PRE-'))
    problems.push(`${label}: id must match ${idPattern} and start with PRE-`);
  if (!isText(entry.statement)) problems.push(`${label}: statement must be a non-empty string`);
  const cites = checkCitations(entry.cites, label, problems);
  const checkedBy = isIdList(entry.checked_by) && entry.checked_by.length > 0 ? entry.checked_by : null;
  if (checkedBy === null)
    problems.push(`${label}: checked_by must be a non-empty list of the requirement ids that verify it`);
  if (!isId(entry.id) || !isText(entry.statement) || cites === null || checkedBy === null) return null;
  return {
    id: entry.id,
    statement: entry.statement,
    cites,
    source: cites.map(describeCitation).join('; '),
    checked_by: checkedBy,
  };
}

function checkEntry(entry: unknown, where: string, problems: string[]): CataloguedRequirement | null {
  if (!isRecord(entry)) {
    problems.push(`${where}: must be a mapping`);
    return null;
  }
  const label = typeof entry.id === 'string' ? `${where} (${entry.id})` : where;
  const take = <T>(value: unknown, valid: (v: unknown) => v is T, rule: string): T | null => {
    if (valid(value)) return value;
    problems.push(`${label}: ${rule}`);
    return null;
  };
  const id = take(entry.id, isId, `id must match ${idPattern}`);
  const part = take(entry.part, (v) => isOneOf(v, specParts), `part must be one of ${specParts.join(', ')}`);
  const level = take(
    entry.level,
    (v) => isOneOf(v, requirementLevels),
    `level must be one of ${requirementLevels.join(', ')}`,
  );
  const statement = take(entry.statement, isText, 'statement must be a non-empty string');
  const layer = take(
    entry.layer,
    (v) => isOneOf(v, requirementLayers),
    `layer must be one of ${requirementLayers.join(', ')}`,
  );
  const notTestable =
    entry.not_testable === undefined
      ? null
      : take(entry.not_testable, isText, 'not_testable must be a non-empty string (why no client can provoke it)');
  const cites = checkCitations(entry.cites, label, problems);
  const prerequisites =
    entry.prerequisites === undefined
      ? []
      : take(entry.prerequisites, isIdList, 'prerequisites must be a list of PRE- ids');
  if (
    id === null ||
    part === null ||
    level === null ||
    statement === null ||
    layer === null ||
    cites === null ||
    prerequisites === null
  )
    return null;
  const source = cites.map(describeCitation).join('; ');
  return { id, part, level, statement, source, layer, not_testable: notTestable, cites, prerequisites };
}

function isIdList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every(isId);
}

function catalogueError(version: string, problems: string[]): Error {
  return new Error(`Requirement catalogue ${version} is invalid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isOneOf<T extends string>(value: unknown, allowed: readonly T[]): value is T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value);
}

function isId(value: unknown): value is string {
  return typeof value === 'string' && idPattern.test(value);
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}
