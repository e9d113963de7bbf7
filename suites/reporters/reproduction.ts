import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { NamedCredential } from '../runtime/credential-names.ts';
import type { RecordedCall } from '../runtime/recorder.ts';
import { REDACTED } from '../runtime/redaction.ts';
import type { TokenRights } from '../runtime/token-rights.ts';
import type { CheckReport, ConformanceResults, Outcome, Reproduction, ReproductionVariable } from './report-types.ts';

/**
 * A failed check as a runnable reproduction: a POSIX shell script of curl calls, the check's calls in
 * the order made, each with what came back as a comment below it, that a vendor runs against their own
 * service to see the failure without the kit. The report keeps no credential, so every token goes in
 * as a shell variable the script names at its top, with where a value comes from: the profile's token
 * (and the variable the profile reads it from), or the member and rights the simulator's control plane
 * mints one with (recorded by the run, suites/runtime/credential-names.ts). What else the report
 * redacted (a credential the check made itself, a signature) is a variable too, said as such.
 */

export interface ReproductionContext {
  base_url: string | null;
  suite_version: string;
  finished_at: string;
}

/** The folder of the report dir that holds the scripts. */
const REPRODUCTIONS_FOLDER = 'reproductions';

/** The checks a reproduction is written for: those that failed (the target's failures, and the harness's). */
export const reproducedOutcomes: readonly Outcome[] = ['failed', 'flaky', 'expected-failure', 'harness-fault'];

/** Where a check's script goes in the report dir (check ids are slugs: `[a-z0-9.-]`). */
export function reproductionFile(checkId: string): string {
  return `${REPRODUCTIONS_FOLDER}/${checkId.replace(/[^A-Za-z0-9._-]/g, '_')}.sh`;
}

/** The results with a reproduction on each check that has one (before they are signed). */
export function withReproductions(results: ConformanceResults, suiteVersion: string): ConformanceResults {
  const context = { base_url: results.target.base_url, suite_version: suiteVersion, finished_at: results.finished_at };
  return {
    ...results,
    checks: results.checks.map((check) => {
      const reproduction = reproductionOf(check, context);
      return reproduction === null ? check : { ...check, reproduction };
    }),
  };
}

/**
 * Writes each check's script to `reproductions/` in the report dir, after removing the folder: the
 * scripts of an earlier run would pass for this one's.
 */
export async function writeReproductions(reportDir: string, checks: readonly CheckReport[]): Promise<void> {
  const folder = join(reportDir, REPRODUCTIONS_FOLDER);
  await rm(folder, { recursive: true, force: true });
  const scripts = checks.flatMap((check) => (check.reproduction === undefined ? [] : [check.reproduction]));
  if (scripts.length === 0) return;
  await mkdir(folder, { recursive: true });
  for (const { file, script } of scripts) await writeFile(join(reportDir, file), script, { mode: 0o755 });
}

/** Null for a check that passed or was skipped, or made no call. */
export function reproductionOf(check: CheckReport, context: ReproductionContext): Reproduction | null {
  if (!reproducedOutcomes.includes(check.outcome) || check.calls.length === 0) return null;
  const requests = resolveRequests(check.calls);
  const script = renderScript(check, context, requests);
  return { file: reproductionFile(check.check_id), variables: requests.variables, script };
}

/** A variable's place in a template or a script's text: `${DSS_TOKEN_MMA}`. */
const placeholder = /\$\{(DSS_[A-Z0-9_]+)\}/g;

interface ResolvedRequest {
  call: RecordedCall;
  url: string;
  headers: Record<string, string>;
  body: string | null;
}

/**
 * Each call's request as the script sends it: the recorded one, with its template's placeholders named
 * per script (the first token of a kind `DSS_TOKEN_MMA`, a second `DSS_TOKEN_MMA_2`), and every other
 * [redacted] value a variable of its own.
 */
function resolveRequests(calls: readonly RecordedCall[]): {
  requests: ResolvedRequest[];
  variables: ReproductionVariable[];
} {
  const variables: ReproductionVariable[] = [];
  const renamed = new Map<string, string>();
  const perKind = new Map<string, number>();
  const nameOf = (credential: NamedCredential): string => {
    const known = renamed.get(credential.placeholder);
    if (known !== undefined) return known;
    const count = (perKind.get(credential.variable) ?? 0) + 1;
    perKind.set(credential.variable, count);
    const name = count === 1 ? credential.variable : `${credential.variable}_${count}`;
    renamed.set(credential.placeholder, name);
    variables.push(credentialVariable(name, credential, count));
    return name;
  };
  let unknown = 0;
  const requests = calls.map((call, index) => {
    const template = call.request_template;
    for (const credential of template?.credentials ?? []) nameOf(credential);
    const rename = (text: string) =>
      text.includes('${DSS_')
        ? text.replace(placeholder, (whole, name: string) => (renamed.has(name) ? `\${${renamed.get(name)}}` : whole))
        : text;
    const redacted = (where: string): string => {
      unknown += 1;
      const name = `DSS_REDACTED_${unknown}`;
      variables.push({
        name,
        description: `what call ${index + 1} sent in ${where}, which the report does not keep: a credential the run does not know by name (one the check made itself: tampered, expired, another member's) or a signature; set it to a value that stands for it`,
      });
      return `\${${name}}`;
    };
    const fillRedacted = (text: string, where: string) =>
      redactedMarkers.reduce(
        (current, marker) => current.split(marker).reduce((filled, part) => `${filled}${redacted(where)}${part}`),
        text,
      );
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries({ ...call.request_headers, ...template?.headers }))
      headers[name] = fillRedacted(rename(value), `its ${name} header`);
    const url = fillRedacted(rename(template?.url ?? call.url), 'its URL');
    const recordedBody = template?.body ?? call.request_body;
    const body = recordedBody === null ? null : fillRedacted(rename(recordedBody), 'its body');
    return { call, url, headers, body };
  });
  return { requests, variables };
}

/** The redaction's marker, as it stands in a body or header, and percent-encoded in a URL's query. */
const redactedMarkers = [REDACTED, encodeURIComponent(REDACTED)];

function credentialVariable(name: string, credential: NamedCredential, count: number): ReproductionVariable {
  const rights = credential.rights ? ` (${rightsText(credential.rights)})` : '';
  const another =
    count === 1
      ? ''
      : `another token of the same kind (the check used ${count} of them; ${credential.renewed ? 'the run got this one by renewing the one before' : 'a different one'}): `;
  let description: string;
  if (credential.profile_path !== undefined) {
    const from =
      credential.profile_variable === undefined
        ? ''
        : `, which it reads from \${${credential.profile_variable}} (the script takes that variable when ${name} is unset)`;
    description = `${another}the token the profile gives at ${credential.profile_path}, a token of member ${credential.member}${rights}${from}; a run that renewed it wrote the current one with --tokens-out`;
  } else {
    const mint = JSON.stringify({
      member_identification: credential.member,
      ...(credential.rights ?? { role: 'manager' }),
    });
    description = `${another}a token of member ${credential.member}${rights}; on the simulator, POST /sim/tokens ${mint} mints one`;
  }
  return {
    name,
    description,
    member: credential.member,
    ...(credential.rights === undefined ? {} : { rights: credential.rights }),
    ...(credential.profile_path === undefined ? {} : { profile_path: credential.profile_path }),
    ...(credential.profile_variable === undefined || count > 1
      ? {}
      : { profile_variable: credential.profile_variable }),
  };
}

function rightsText(rights: TokenRights): string {
  const limits = [
    rights.accounts ? `accounts ${rights.accounts.length === 0 ? 'none' : rights.accounts.join(', ')}` : null,
    rights.endpoints ? `endpoints ${rights.endpoints.join(', ')}` : null,
    rights.allowed_ips ? `IP addresses ${rights.allowed_ips.join(', ')}` : null,
  ].filter((limit) => limit !== null);
  return `${rights.role}${limits.length === 0 ? '' : `, limited to ${limits.join('; ')}`}`;
}

/** The line of output after each call's answer, which says its status (the reproduction test reads it). */
export const STATUS_LINE = /^--> call (\d+): (?:HTTP (\d{3})|no answer .*)$/;

function renderScript(
  check: CheckReport,
  context: ReproductionContext,
  resolved: { requests: ResolvedRequest[]; variables: ReproductionVariable[] },
): string {
  const { requests, variables } = resolved;
  const base = context.base_url?.replace(/\/+$/, '') ?? null;
  const width = Math.max(0, ...variables.map((variable) => variable.name.length));
  const lines = [
    '#!/bin/sh',
    ...comment(
      `A reproduction of the check ${check.title.startsWith(check.check_id) ? check.title : `${check.check_id} (${check.title})`}: the ${requests.length} call${requests.length === 1 ? '' : 's'} it made, in the order made, as curl calls, each followed by a comment with what came back in the run. Made by the DSS conformance kit ${context.suite_version} from the run that ended at ${context.finished_at} against ${context.base_url ?? 'an unknown target'}.`,
    ),
    ...comment(`It ended ${check.outcome}: ${firstLines(check.error ?? '', 3)}`),
    '#',
    ...(variables.length === 0
      ? comment('The calls carried no credential: nothing to set first.')
      : [
          ...comment('The report keeps no credential: set these variables first.'),
          ...variables.flatMap((variable) =>
            comment(`${variable.name.padEnd(width)}  ${variable.description}`, `${' '.repeat(width + 2)}  `),
          ),
        ]),
    ...comment(
      base === null
        ? 'The calls go to the URLs the run called.'
        : `DSS_BASE_URL (default ${base}) sends the calls to another address.`,
    ),
    ...comment(
      `Run it with: sh ${check.check_id}.sh. Each call prints its answer, then a line "--> call N: HTTP <status>".`,
    ),
    'set -eu',
    "command -v curl >/dev/null 2>&1 || { echo 'this reproduction needs curl' >&2; exit 2; }",
    ...(base === null ? [] : [`if [ -z "\${DSS_BASE_URL:-}" ]; then DSS_BASE_URL=${quote(base)}; fi`]),
    ...variables.flatMap((variable) => [
      ...(variable.profile_variable === undefined
        ? []
        : [`if [ -z "\${${variable.name}:-}" ]; then ${variable.name}="\${${variable.profile_variable}:-}"; fi`]),
      `: "\${${variable.name}:?is not set: the top of this script says what it is}"`,
    ]),
    ...requests.flatMap((request, index) => ['', ...callLines(request, index + 1, requests.length, base)]),
    '',
  ];
  return lines.join('\n');
}

function callLines(request: ResolvedRequest, number: number, total: number, base: string | null): string[] {
  const { call } = request;
  const path = base !== null && request.url.startsWith(base) ? request.url.slice(base.length) : null;
  const target = path === null ? quoteWithVariables(request.url) : `"\${DSS_BASE_URL}"${quoteWithVariables(path)}`;
  const notes: string[] = [];
  const method =
    call.method.toUpperCase() === 'HEAD'
      ? '--head'
      : `-X ${/^[A-Z]+$/.test(call.method) ? call.method : quote(call.method)}`;
  // -g: brackets and braces in the URL are the URL's, not curl's globs; --path-as-is: dot segments stay.
  const options = [`-sS -g --path-as-is ${method} ${target}`];
  const skipped = Object.keys(request.headers).filter((name) => curlSets.has(name));
  if (skipped.length > 0)
    notes.push(
      `curl sets ${skipped.join(', ')} itself; the run sent ${skipped.map((name) => `${name}: ${request.headers[name]}`).join(', ')}`,
    );
  for (const [name, value] of Object.entries(request.headers)) {
    if (curlSets.has(name)) continue;
    options.push(`-H ${quoteWithVariables(value === '' ? `${name};` : `${name}: ${value}`)}`);
  }
  // curl adds headers of its own the run did not send: an empty value removes them.
  for (const name of ['accept', 'user-agent', ...(request.body === null ? [] : ['content-type'])])
    if (request.headers[name] === undefined) options.push(`-H '${name}:'`);
  if (/^(?:[a-z]+:\/\/[^/]*)?\/sim\//i.test(path ?? request.url))
    notes.push("the simulator's control plane: the check's own setup, which makes a new one when run again");
  let feed = '';
  if (request.body !== null) {
    options.push('--data-binary @-');
    feed = `${printfCommand(request.body)} | `;
    if (/…\[truncated, \d+ bytes in total\]$/.test(request.body))
      notes.push('the report keeps the first 64 KiB of this body: this call sends only those, with the marker');
    if (request.body.includes('\uFFFD'))
      notes.push(
        'the body was not all UTF-8 text; the report keeps it decoded, so the bytes sent differ where it was not',
      );
  }
  options.push(`-w '\\n--> call ${number}: HTTP %{http_code}\\n'`);
  const answered =
    call.status === null
      ? `It got no answer: ${call.error ?? 'no response'}`
      : `It answered ${call.status} after ${call.duration_ms} ms${excerpt(call)}`;
  return [
    ...comment(
      `Call ${number} of ${total}: ${call.method} ${path ?? request.url}${call.endpoint_id === null ? '' : ` (${call.endpoint_id})`}`,
    ),
    ...notes.flatMap((note) => comment(`Note: ${note}.`)),
    `${feed}curl ${options.join(' \\\n  ')} \\\n  || echo "--> call ${number}: no answer (curl exit status $?)"`,
    ...comment(answered),
  ];
}

/** Headers curl computes from what it sends: the run's values would be wrong for curl's request. */
const curlSets = new Set(['host', 'content-length', 'transfer-encoding', 'connection']);

const EXCERPT_CHARACTERS = 300;

function excerpt(call: RecordedCall): string {
  const type = call.response_headers['content-type'];
  const body = call.response_body ?? '';
  if (body === '') return type === undefined ? ', no body' : ` (${type}), no body`;
  const cut =
    body.length > EXCERPT_CHARACTERS ? `${body.slice(0, EXCERPT_CHARACTERS)}… (${body.length} characters)` : body;
  return `${type === undefined ? '' : ` (${type})`}: ${cut}`;
}

function firstLines(text: string, count: number): string {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  return lines.slice(0, count).join(' / ') + (lines.length > count ? ' …' : '');
}

/**
 * Comment lines: the text is the target's or the profile's as much as the kit's, so nothing in it may
 * end the comment (a newline would make the rest a command); long lines wrap at words.
 */
function comment(text: string, indent = ''): string[] {
  const clean = text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ');
  const lines: string[] = [];
  let line = '';
  for (const word of clean.split(' ')) {
    if (line !== '' && line.length + word.length + 1 > 100) {
      lines.push(line);
      line = indent;
    }
    line = line === '' || line === indent ? `${line}${word}` : `${line} ${word}`;
  }
  lines.push(line);
  return lines.map((each) => `# ${each}`.trimEnd());
}

/** A single-quoted shell word: nothing in it is expanded; a quote is closed, escaped and reopened. */
function quote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** One shell word: literal text single-quoted, each `${DSS_…}` placeholder as a double-quoted expansion. */
function quoteWithVariables(text: string): string {
  const parts: string[] = [];
  let last = 0;
  for (const match of text.matchAll(placeholder)) {
    if (match.index > last) parts.push(quote(text.slice(last, match.index)));
    parts.push(`"\${${match[1]}}"`);
    last = match.index + match[0].length;
  }
  if (last < text.length || parts.length === 0) parts.push(quote(text.slice(last)));
  return parts.join('');
}

/**
 * `printf` writing the body exactly, byte for byte: the literal text is the format (single-quoted, so
 * the shell expands nothing in it; printf's own `%` and `\` escaped; control characters other than
 * newline and tab as octal escapes), and each placeholder a `%s` with its variable as an argument. A
 * heredoc would be as safe but adds a newline the request did not have.
 */
function printfCommand(body: string): string {
  let format = '';
  const args: string[] = [];
  let last = 0;
  for (const match of body.matchAll(placeholder)) {
    format += printfLiteral(body.slice(last, match.index));
    format += '%s';
    args.push(`"\${${match[1]}}"`);
    last = match.index + match[0].length;
  }
  format += printfLiteral(body.slice(last));
  return ['printf', quote(format), ...args].join(' ');
}

function printfLiteral(text: string): string {
  return text.replace(/[%\\\u0000-\u0008\u000b-\u001f\u007f]/g, (character) => {
    if (character === '%') return '%%';
    if (character === '\\') return '\\\\';
    return `\\${character.charCodeAt(0).toString(8).padStart(3, '0')}`;
  });
}
