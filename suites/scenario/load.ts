import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { JsonSchema } from '../../schemas/catalogue-types.ts';
import { endpointById, fullPath, isEndpointId, type EndpointId } from '../../schemas/endpoints.ts';
import { isResourceName, listOfRef, resourceNames, schemaRef, type ResourceName } from '../../schemas/resources.ts';
import { validate } from '../../schemas/validators.ts';
import { loadRequirements, type Requirement } from '../requirements/catalogue.ts';
import { builtParse } from '../kit-layout.ts';
import { yaml } from '../yaml.ts';
import type { RequiredRole } from '../runtime/profile.ts';
import { requiredRoles, unknownFields } from '../runtime/profile-schema.ts';
import { actionNames, actions, type ActionName, type ActionRequest } from './actions.ts';
import { ExpressionError, parseTemplate, referencesIn, referencesOf, stringsIn } from './expressions.ts';
import { scenarioSchema, type ExpectationData, type ScenarioData, type StepData } from './format.ts';
import { JsonPathError, parseJsonPath, type JsonPath } from './json-path.ts';
import { compileMatcher, MatcherError, type Matcher } from './matchers.ts';

/**
 * Reads scenario files and checks everything that can be checked before a run: the file's shape
 * (format.ts), and then what a schema cannot see: endpoint ids and their parameters, actors,
 * requirements, expressions and the names they refer to, JSON paths, matchers and resource names.
 * Every problem is reported at once, each with the file, the line, the step and the field, so a
 * scenario is fixed in one go; a scenario that loads can only fail on what the target answers.
 */

export const scenarioDirectory = fileURLToPath(new URL('../../scenarios/', import.meta.url));

/** What expressions may read of an actor (see runner.ts). `member` exists only with the control plane. */
const actorFields = ['identification', 'accounts', 'dso_account', 'assets', 'member'] as const;

/** How long a step with `until` is repeated when its file does not say. */
const DEFAULT_UNTIL_MS = 10_000;

/**
 * Reads that consume what they return (the gateway's queues). The runner keeps everything such a read
 * returns for the scenario's run, per actor and request; a `fresh` step is judged on its own reads only.
 */
export const consumingReads = new Set<EndpointId>(['member.readGatewayMessages']);

export interface Condition {
  path: JsonPath;
  matcher: Matcher;
}

export interface Expectation {
  status: number;
  schema?: { name: string; schema: JsonSchema };
  values: Condition[];
}

export interface Step {
  /** 1-based, as failure messages count. */
  number: number;
  name: string;
  actor: RequiredRole;
  /** The requirement a failure of this step breaks: the step's own, or the scenario's first. */
  requirement: Requirement;
  key: boolean;
  endpoint: EndpointId;
  /** Request parts as written: their strings may hold expressions, evaluated when the step runs. */
  path: Record<string, string>;
  query: Record<string, string | number | boolean>;
  body?: unknown;
  /** The answer must meet one of these (most steps give one: `expect`; `expect_any` gives several). */
  expectations: Expectation[];
  /** `absent`, when given, is the value taken when the answer does not have the path. */
  captures: Array<{ name: string; path: JsonPath; absent?: string | number | boolean }>;
  until?: { conditions: Condition[]; timeoutMs: number };
  /** The answer is signed material: values from it are never shown in a failure message. */
  signedAnswer: boolean;
  /** Its expressions read captures: what cannot be evaluated then comes from an earlier answer of the target. */
  readsCaptures: boolean;
  /** A consuming read judged on what this step read, not on everything read so far. */
  fresh: boolean;
  /** An action's last touch to the evaluated body (sign_message writes its message). */
  complete?: ActionRequest['complete'];
}

export interface Scenario {
  file: string;
  name: string;
  title: string;
  requirements: string[];
  needsControl: boolean;
  /** In the order written: each may use the ones before it. */
  vars: Array<{ name: string; value: unknown }>;
  steps: Step[];
}

/** A scenario file that cannot run; every problem names the file, line, step and field. */
export class ScenarioError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`Scenario ${file} is not valid:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ScenarioError';
  }
}

type Path = Array<string | number>;
interface Problem {
  path: Path;
  message: string;
}

/** Every scenario of the project, in file-name order. */
export function loadScenarios(directory = scenarioDirectory): Scenario[] {
  return readdirSync(directory)
    .filter((file) => file.endsWith('.yaml'))
    .sort()
    .map((file) => loadScenario(join(directory, file)));
}

export function loadScenario(file: string): Scenario {
  // The compiled kit's scenarios come parsed by the build. One that does not compile is read again
  // from its YAML, whose problems then carry their line numbers.
  const built = builtParse(pathToFileURL(file));
  if (built !== undefined) {
    try {
      return compileScenario(built, file);
    } catch (error) {
      if (!(error instanceof ScenarioError)) throw error;
    }
  }
  return parseScenario(readFileSync(file, 'utf8'), file);
}

/** The file's data as written (for tools and tests that change a scenario before compiling it). */
export function readScenarioData(file: string): unknown {
  return readDocument(readFileSync(file, 'utf8'), file).document.toJS();
}

export function parseScenario(text: string, file: string): Scenario {
  const { document, lineCounter } = readDocument(text, file);
  const lineOf = (path: Path): number | undefined => {
    for (let length = path.length; length >= 0; length -= 1) {
      const node: unknown = document.getIn(path.slice(0, length), true);
      if (yaml().isNode(node) && node.range) return lineCounter.linePos(node.range[0]).line;
    }
    return undefined;
  };
  return compileScenario(document.toJS(), file, lineOf);
}

function readDocument(text: string, file: string) {
  const { LineCounter, parseDocument } = yaml();
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter });
  const [first, ...others] = document.errors;
  if (first) {
    // Later syntax errors are nearly always echoes of the first; its first line says what and where.
    const shown = displayName(file);
    const line = first.linePos?.[0].line;
    const reason = (first.message.split('\n')[0] ?? first.message).replace(/ at line \d+, column \d+:?$/, '');
    const more =
      others.length > 0 ? ` (and ${others.length} more syntax error${others.length === 1 ? '' : 's'} after it)` : '';
    throw new ScenarioError(shown, [
      `${shown}${line === undefined ? '' : `:${line}`}: not valid YAML: ${reason}${more}`,
    ]);
  }
  return { document, lineCounter };
}

/**
 * Checks scenario data and turns it into what the runner executes. The scenario's name must be its
 * file's name, since it becomes the check id `scenario.<name>`.
 */
export function compileScenario(
  data: unknown,
  file: string,
  lineOf: (path: Path) => number | undefined = () => undefined,
): Scenario {
  const shown = displayName(file);
  const fail = (problems: Problem[]) =>
    new ScenarioError(
      shown,
      problems.map((problem) => describeProblem(problem, data, shown, lineOf)),
    );

  const shape = validate(scenarioSchema, data);
  const structural = [...(shape.valid ? [] : shape.errors), ...unknownFields(scenarioSchema, data)].map(
    problemOfSchemaMessage,
  );
  if (structural.length > 0) throw fail(structural);

  const scenario = data as ScenarioData;
  const problems: Problem[] = [];
  const expectedName = basename(file).replace(/\.ya?ml$/, '');
  if (scenario.name !== expectedName)
    problems.push({
      path: ['name'],
      message: `must be the file's name, "${expectedName}" (it makes the check id scenario.${expectedName})`,
    });

  const catalogue = new Map(loadRequirements().map((requirement) => [requirement.id, requirement]));
  scenario.requirements.forEach((id, index) => {
    if (!catalogue.has(id))
      problems.push({
        path: ['requirements', index],
        message: `${id} is not in the requirement catalogue (suites/requirements/1.0.0.yaml)`,
      });
  });

  const needsControl = scenario.needs?.includes('control') ?? false;
  const names = { vars: new Set<string>(), captures: new Set<string>(), needsControl };
  const vars = Object.entries(scenario.vars ?? {}).map(([name, value]) => {
    problems.push(...templateProblems(value, ['vars', name], names));
    names.vars.add(name);
    return { name, value };
  });

  const stepNames = new Set<string>();
  const steps: Step[] = [];
  scenario.steps.forEach((stepData, index) => {
    const at: Path = ['steps', index];
    if (stepNames.has(stepData.name))
      problems.push({ path: [...at, 'name'], message: `another step is already named "${stepData.name}"` });
    stepNames.add(stepData.name);
    const step = compileStep(stepData, index, at, scenario, catalogue, names, problems);
    if (step) steps.push(step);
  });
  // A failing SHOULD step ends the run with a warning: a MUST step after it would then pass unseen.
  const firstShould = steps.find((step) => step.requirement.level === 'SHOULD');
  for (const step of steps.filter(
    (candidate) => firstShould && candidate.number > firstShould.number && candidate.requirement.level === 'MUST',
  )) {
    problems.push({
      path: ['steps', step.number - 1, 'requirement'],
      message: `${step.requirement.id} is a MUST requirement, after step ${firstShould!.number} "${firstShould!.name}" of the SHOULD requirement ${firstShould!.requirement.id}: put SHOULD steps last`,
    });
  }
  if (!scenario.steps.some((step) => step.key))
    problems.push({
      path: ['steps'],
      message: 'no step is marked key: true (the steps whose removal must make the scenario fail)',
    });

  if (problems.length > 0) throw fail(problems);
  return {
    file: shown,
    name: scenario.name,
    title: scenario.title,
    requirements: scenario.requirements,
    needsControl,
    vars,
    steps,
  };
}

interface KnownNames {
  vars: Set<string>;
  captures: Set<string>;
  needsControl: boolean;
}

function compileStep(
  data: StepData,
  index: number,
  at: Path,
  scenario: ScenarioData,
  catalogue: Map<string, Requirement>,
  names: KnownNames,
  problems: Problem[],
): Step | undefined {
  const problemCount = problems.length;
  const problem = (path: Path, message: string) => problems.push({ path: [...at, ...path], message });

  if (!isRequiredRole(data.actor))
    problem(['actor'], `unknown actor "${data.actor}" (actors: ${requiredRoles.join(', ')})`);
  const requirementId = data.requirement ?? scenario.requirements[0]!;
  if (data.requirement !== undefined && !scenario.requirements.includes(data.requirement)) {
    problem(
      ['requirement'],
      `${data.requirement} is not one of the scenario's requirements (${scenario.requirements.join(', ')})`,
    );
  }

  const given = [
    ...(data.call === undefined ? [] : ['call']),
    ...actionNames.filter((name) => data[name] !== undefined),
  ];
  if (given.length !== 1) {
    problem(
      [],
      given.length === 0
        ? `gives no request: give call (an endpoint id) or one of ${actionNames.join(', ')}`
        : `gives ${given.join(' and ')}: give only one`,
    );
    return undefined;
  }
  const request = requestOf(data, problem);
  if (!request) return undefined;

  const endpoint = endpointById(request.endpoint);
  if (data.call !== undefined) checkParameters(data, endpoint, problem);
  for (const part of ['path', 'query', 'body', ...actionNames] as const)
    problems.push(...templateProblems(data[part], [...at, part], names));

  if (data.expect !== undefined && data.expect_any !== undefined)
    problem(['expect_any'], 'give expect or expect_any, not both');
  const written: Array<[ExpectationData, Path]> = data.expect_any
    ? data.expect_any.map((expectation, position) => [expectation, ['expect_any', position]])
    : [[data.expect ?? {}, ['expect']]];
  const expectations = written.map(([expectation, where]): Expectation => {
    const schema =
      expectation.schema === undefined
        ? request.schema === undefined
          ? undefined
          : { name: request.schema, schema: schemaRef(request.schema) }
        : compileSchema(expectation.schema, (message) => problem([...where, 'schema'], message));
    return {
      status: expectation.status ?? 200,
      ...(schema ? { schema } : {}),
      values: compileConditions(expectation.values, [...at, ...where, 'values'], names, problems),
    };
  });
  const until =
    data.until === undefined
      ? undefined
      : {
          conditions: compileConditions(data.until, [...at, 'until'], names, problems),
          timeoutMs: data.timeout_ms ?? DEFAULT_UNTIL_MS,
        };
  if (data.timeout_ms !== undefined && data.until === undefined)
    problem(['timeout_ms'], 'only means something with until');
  if (data.fresh !== undefined && !consumingReads.has(request.endpoint))
    problem(['fresh'], `only means something for a read that consumes (${[...consumingReads].join(', ')})`);

  // Captures become known after the step, so its own expressions cannot use them.
  const captures = Object.entries(data.capture ?? {}).flatMap(([name, written]) => {
    if (names.captures.has(name)) problem(['capture', name], `captures.${name} is already captured by an earlier step`);
    names.captures.add(name);
    const text = typeof written === 'string' ? written : written.path;
    const path = jsonPathOf(text, (message) => problem(['capture', name], message));
    if (!path) return [];
    return [typeof written === 'string' ? { name, path } : { name, path, absent: written.absent }];
  });

  if (problems.length > problemCount) return undefined;
  return {
    number: index + 1,
    name: data.name,
    actor: data.actor as RequiredRole,
    requirement: catalogue.get(requirementId)!,
    key: data.key ?? false,
    endpoint: request.endpoint,
    path: data.path ?? {},
    query: data.query ?? {},
    body: request.body,
    expectations,
    captures,
    ...(until ? { until } : {}),
    signedAnswer: request.signedAnswer,
    fresh: data.fresh ?? false,
    ...(request.complete ? { complete: request.complete } : {}),
    readsCaptures: referencesIn([
      data.path,
      data.query,
      data.body,
      ...actionNames.map((name) => data[name]),
      ...written.map(([expectation]) => expectation.values),
      data.until,
    ]).some((reference) => reference.root === 'captures'),
  };
}

interface StepRequest {
  endpoint: EndpointId;
  body?: unknown;
  /** The default of `expect.schema`. */
  schema?: ResourceName;
  signedAnswer: boolean;
  complete?: ActionRequest['complete'];
}

function requestOf(data: StepData, problem: (path: Path, message: string) => void): StepRequest | undefined {
  if (data.call !== undefined) {
    if (!isEndpointId(data.call)) {
      problem(
        ['call'],
        `unknown endpoint id "${data.call}" (ids are <family>.<operation> from schemas/endpoints.ts, e.g. member.getBalance)`,
      );
      return undefined;
    }
    return { endpoint: data.call, body: data.body, signedAnswer: false };
  }
  for (const name of actionNames) {
    const fields = data[name];
    if (fields === undefined) continue;
    for (const part of ['path', 'query', 'body'] as const)
      if (data[part] !== undefined) problem([part], `${name} builds its own request: no ${part}`);
    // The step's fields for this action are the action's own (TypeScript cannot pair them by name).
    const action = actions[name] as (role: string, given: NonNullable<StepData[ActionName]>) => ActionRequest;
    const request = action(data.actor, fields);
    for (const found of request.problems ?? []) problem([name, ...found.path], found.message);
    return request;
  }
  return undefined;
}

/** Path parameters exactly as the template names them; query parameters and body as the endpoint takes them. */
function checkParameters(
  data: StepData,
  endpoint: ReturnType<typeof endpointById>,
  problem: (path: Path, message: string) => void,
): void {
  const template = fullPath(endpoint);
  const pathNames = [...template.matchAll(/\{([a-z_]+)\}/g)].map((match) => match[1]!);
  const given = data.path ?? {};
  for (const name of pathNames)
    if (given[name] === undefined)
      problem(['path'], `${endpoint.id} (${endpoint.method} ${template}) needs path parameter ${name}`);
  for (const name of Object.keys(given)) {
    if (!pathNames.includes(name))
      problem(
        ['path', name],
        `${template} has no path parameter ${name}${pathNames.length > 0 ? ` (it has ${pathNames.join(', ')})` : ''}`,
      );
  }

  const queryParams = endpoint.params.filter((param) => param.in === 'query');
  const query = data.query ?? {};
  for (const param of queryParams)
    if (param.required && query[param.name] === undefined)
      problem(['query'], `${endpoint.id} needs query parameter ${param.name}`);
  for (const name of Object.keys(query)) {
    if (!queryParams.some((param) => param.name === name)) {
      problem(
        ['query', name],
        `${endpoint.id} takes no query parameter ${name}${queryParams.length > 0 ? ` (it takes ${queryParams.map((param) => param.name).join(', ')})` : ''}`,
      );
    }
  }

  if (endpoint.body?.required && data.body === undefined) problem(['body'], `${endpoint.id} needs a body`);
  if (!endpoint.body && data.body !== undefined) problem(['body'], `${endpoint.id} takes no body`);
}

function compileSchema(raw: unknown, problem: (message: string) => void): Expectation['schema'] {
  const list = Array.isArray(raw);
  const name = list ? (raw.length === 1 ? raw[0] : undefined) : raw;
  if (typeof name !== 'string' || !isResourceName(name)) {
    problem(
      `must name a resource of schemas/resources.ts, or [name] for a list of it; got ${JSON.stringify(raw)} (resources: ${resourceNames.join(', ')})`,
    );
    return undefined;
  }
  return list ? { name: `[${name}]`, schema: listOfRef(name) } : { name, schema: schemaRef(name) };
}

function compileConditions(
  raw: Record<string, unknown> | undefined,
  at: Path,
  names: KnownNames,
  problems: Problem[],
): Condition[] {
  return Object.entries(raw ?? {}).flatMap(([pathText, expected]) => {
    problems.push(...templateProblems(expected, [...at, pathText], names));
    const path = jsonPathOf(pathText, (message) => problems.push({ path: [...at, pathText], message }));
    try {
      const matcher = compileMatcher(expected);
      return path ? [{ path, matcher }] : [];
    } catch (error) {
      if (!(error instanceof MatcherError)) throw error;
      problems.push({ path: [...at, pathText, ...error.path], message: error.message });
      return [];
    }
  });
}

function jsonPathOf(text: string, problem: (message: string) => void): JsonPath | undefined {
  try {
    return parseJsonPath(text);
  } catch (error) {
    if (!(error instanceof JsonPathError)) throw error;
    problem(error.message);
    return undefined;
  }
}

/** Problems of every `${...}` inside a value: syntax, functions, and names not known at this point of the file. */
function templateProblems(value: unknown, at: Path, names: KnownNames): Problem[] {
  const problems: Problem[] = [];
  for (const { path, text } of stringsIn(value, at)) {
    try {
      for (const expression of referencesOf(parseTemplate(text))) {
        const message = referenceProblem(expression.root, expression.path, names);
        if (message) problems.push({ path, message: `${expression.text}: ${message}` });
      }
    } catch (error) {
      if (!(error instanceof ExpressionError)) throw error;
      problems.push({ path, message: `bad expression: ${error.message}` });
    }
  }
  return problems;
}

function referenceProblem(root: string, path: Array<string | number>, names: KnownNames): string | undefined {
  const [first, second] = path;
  switch (root) {
    case 'actors':
      if (typeof first !== 'string' || !isRequiredRole(first))
        return `unknown actor ${String(first)} (actors: ${requiredRoles.join(', ')})`;
      if (typeof second !== 'string' || !(actorFields as readonly string[]).includes(second))
        return `an actor has ${actorFields.join(', ')}`;
      if (second === 'member' && !names.needsControl)
        return 'actors.<role>.member exists only with the control plane: add needs: [control]';
      return undefined;
    case 'vars':
      return typeof first === 'string' && names.vars.has(first)
        ? undefined
        : `vars.${String(first)} is not declared before this point (in vars)`;
    default:
      return typeof first === 'string' && names.captures.has(first)
        ? undefined
        : `captures.${String(first)} is not captured by an earlier step`;
  }
}

function isRequiredRole(role: string): role is RequiredRole {
  return (requiredRoles as readonly string[]).includes(role);
}

/** "/steps/3/call must be string" (the validator) or "/steps/3: unknown field ..." (unknownFields). */
function problemOfSchemaMessage(message: string): Problem {
  const match = /^(\/[^ :]*):? (.*)$/s.exec(message);
  if (!match) return { path: [], message };
  const pointer = match[1] === '/' ? [] : match[1]!.split('/').slice(1);
  return {
    path: pointer.map((part) => (/^\d+$/.test(part) ? Number(part) : part.replace(/~1/g, '/').replace(/~0/g, '~'))),
    message: match[2]!,
  };
}

/** "scenarios/funding.yaml:42: step 7 "send", query.funding_payload_signature: ..." */
function describeProblem(
  { path, message }: Problem,
  data: unknown,
  file: string,
  lineOf: (path: Path) => number | undefined,
): string {
  const line = lineOf(path);
  const location = `${file}${line === undefined ? '' : `:${line}`}`;
  let where: string;
  if (path[0] === 'steps' && typeof path[1] === 'number') {
    const name = stepName(data, path[1]);
    where = `step ${path[1] + 1}${name === undefined ? '' : ` "${name}"`}${path.length > 2 ? `, ${fieldPath(path.slice(2))}` : ''}`;
  } else where = path.length > 0 ? fieldPath(path) : 'the file';
  return `${location}: ${where}: ${message}`;
}

function stepName(data: unknown, index: number): string | undefined {
  const steps = (data as { steps?: unknown } | null)?.steps;
  const step: unknown = Array.isArray(steps) ? steps[index] : undefined;
  const name = (step as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' ? name : undefined;
}

/** `expect.values["$.balance"]`, `query.type`, `requirements[1]` */
function fieldPath(path: Path): string {
  return path
    .map((part, index) => {
      if (typeof part === 'number') return `[${part}]`;
      if (!/^[A-Za-z_][A-Za-z0-9_-]*$/.test(part)) return `[${JSON.stringify(part)}]`;
      return index === 0 ? part : `.${part}`;
    })
    .join('');
}

/** Relative to the working directory when inside it, so messages stay short. */
function displayName(file: string): string {
  const shown = relative(process.cwd(), file);
  return shown.startsWith('..') ? file : shown;
}
