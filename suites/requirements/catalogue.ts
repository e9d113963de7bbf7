/**
 * The requirement catalogues: one frozen YAML file per spec version (`<version>.yaml` in this folder),
 * listing every spec rule the suites enforce with a stable ID. Checks name these IDs; the conformance
 * report scores the spec parts from them. Nothing else lives here: checks are in the suites, scoring is
 * in suites/reporters/.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { specParts, type SpecPart } from '../../schemas/catalogue-types.ts';

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
  source: string;
  layer: RequirementLayer;
  /** Why no client can provoke it (an internal failure, say); null for a requirement checks can verify. */
  not_testable: string | null;
}

/** Upper-case words joined by hyphens (`AUTH-REFRESH`): greppable, and safe in any report format. */
const idPattern = /^[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+$/;

/**
 * Catalogues read so far, by version. The scenarios ask for the catalogue once each and parsing its
 * YAML takes a tenth of a second or more: once per process is enough.
 */
const loaded = new Map<string, Requirement[]>();

/** Reads and validates the catalogue of a spec version; throws with every problem found. */
export function loadRequirements(version = '1.0.0'): Requirement[] {
  const known = loaded.get(version);
  if (known) return [...known];
  const file = new URL(`./${version}.yaml`, import.meta.url);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new Error(`No requirement catalogue for spec version ${version} (expected ${file.pathname})`);
  }
  const requirements = parseRequirements(text, version);
  loaded.set(version, requirements);
  return [...requirements];
}

/** Validates a catalogue's text, reporting every problem at once so a catalogue edit is fixed in one go. */
export function parseRequirements(text: string, version: string): Requirement[] {
  const document: unknown = parse(text);
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
  const seen = new Set<string>();
  const requirements: Requirement[] = [];
  entries.forEach((entry: unknown, index) => {
    const requirement = checkEntry(entry, `requirements[${index}]`, problems);
    if (!requirement) return;
    if (seen.has(requirement.id)) problems.push(`requirements[${index}]: duplicate id ${requirement.id}`);
    seen.add(requirement.id);
    requirements.push(requirement);
  });
  if (problems.length > 0) throw catalogueError(version, problems);
  return requirements;
}

function checkEntry(entry: unknown, where: string, problems: string[]): Requirement | null {
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
  const level = take(entry.level, (v) => isOneOf(v, requirementLevels), `level must be one of ${requirementLevels.join(', ')}`);
  const statement = take(entry.statement, isText, 'statement must be a non-empty string');
  const source = take(entry.source, isText, 'source must be a non-empty string');
  const layer = entry.layer === undefined ? 'specification' : take(entry.layer, (v) => isOneOf(v, requirementLayers), `layer must be one of ${requirementLayers.join(', ')}`);
  const notTestable = entry.not_testable === undefined ? null : take(entry.not_testable, isText, 'not_testable must be a non-empty string (why no client can provoke it)');
  if (id === null || part === null || level === null || statement === null || source === null || layer === null) return null;
  return { id, part, level, statement, source, layer, not_testable: notTestable };
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
