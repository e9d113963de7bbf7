#!/usr/bin/env node
// @ts-check
/**
 * The compiled build: the TypeScript of bin/, simulator/, schemas/ and suites/ compiled to JavaScript
 * in dist/, mirroring the source tree (dist/simulator/server.js is simulator/server.ts), with the files
 * the code reads beside it (requirement YAML, XSDs, scenario files, a package.json for the version) copied
 * to the same places, so that every `new URL(..., import.meta.url)` resolves in both layouts.
 *
 * Plain JavaScript, because it runs before anything is compiled. Used three ways:
 * - `node bin/build.js` (`npm run build`): a whole build, with declaration files (.d.ts) for the
 *   installed kit;
 * - `node bin/build.js --if-stale [--declarations]`: what `npm test` runs first; recompiles only what
 *   changed (with `--declarations`, a whole build unless the declarations are current too). The
 *   `--declarations` form is npm's `prepare`, so `npm ci` and `npm pack` build whole, and the install
 *   `npx dss` makes of a clone (it runs `prepare` again, silently) finds nothing to do;
 * - `ensureBuilt()` from bin/dss.js, before every command: the same check, so an edited source never
 *   runs stale and a build is never a manual step.
 * Stale means: a source or copied file was added, removed, or has another size or mtime than at the
 * last build (dist/.build-stamp.json). The check stats a few hundred files (milliseconds). An
 * installed kit ships dist/ without the sources: nothing to compare, always fresh.
 *
 * JavaScript is emitted file by file with TypeScript's transpileModule (isolatedModules, which
 * tsconfig.json enforces), so a rebuild after an edit compiles that file only, in well under a second;
 * declarations need the whole program and come from tsc in a whole build only.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { withLock } from './build-lock.js';

export const packageRoot = fileURLToPath(new URL('../', import.meta.url));
export const distDir = join(packageRoot, 'dist');
const stampFile = join(distDir, '.build-stamp.json');
const lockDir = join(distDir, '.build-lock');
/** Bump when the layout of dist/ changes, so that old builds count as stale. */
const BUILD_FORMAT = 3;

/** The folders compiled, relative to the package root. */
const SOURCE_DIRS = ['bin', 'protocol', 'schemas', 'simulator', 'suites'];
/** Folders of data only: copied. */
const DATA_DIRS = ['scenarios'];
/**
 * YAML data the kit parses on every run (the requirement catalogue, the spec index, the scenarios):
 * copied, and also written parsed as `<file>.json` beside the copy, which suites/kit-layout.ts
 * `builtParse` reads. JSON.parse takes milliseconds where the YAML parser takes over half a second in a
 * fresh process, and every `dss test` reads the catalogue in its reporter and the scenarios in every
 * process that loads their checks (the self-check runs dozens of them). A file that does not parse gets
 * no JSON: the kit then reads the YAML itself, and says what is wrong with it, where.
 */
const PARSED_YAML = /^(?:suites\/requirements|scenarios)\/[^/]+\.yaml$/;
/** Never compiled nor copied: the project's own tests, and tools that write into the repository. */
const EXCLUDED = [
  /\.test\.ts$/,
  /^bin[/\\]tools[/\\]/,
  /(^|[/\\])README\.md$/,
  /^bin[/\\](dss|build|build-lock)\.js$/,
  /\.d\.ts$/,
];

/**
 * @typedef {{ [file: string]: string }} FileStates  file (relative, `/`-separated) -> "size:mtimeMs"
 * @typedef {{ format: number, files: FileStates, declarations: boolean }} Stamp
 */

/** Every file the build reads: TypeScript to compile, anything else to copy. */
function sourceStates() {
  /** @type {FileStates} */
  const states = {};
  const walk = (/** @type {string} */ dir) => {
    for (const entry of readdirSync(join(packageRoot, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && !EXCLUDED.some((pattern) => pattern.test(path))) {
        const stat = statSync(join(packageRoot, path));
        states[path.split(sep).join('/')] = `${stat.size}:${stat.mtimeMs}`;
      }
    }
  };
  for (const dir of [...SOURCE_DIRS, ...DATA_DIRS]) if (existsSync(join(packageRoot, dir))) walk(dir);
  // The version the reports and error bodies carry.
  const manifest = statSync(join(packageRoot, 'package.json'));
  states['package.json'] = `${manifest.size}:${manifest.mtimeMs}`;
  return states;
}

/** @returns {Stamp | null} */
function readStamp() {
  try {
    const stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
    return stamp.format === BUILD_FORMAT ? stamp : null;
  } catch {
    return null;
  }
}

/** Whether this is a checkout with sources (not an installed kit, which has dist/ only). */
function hasSources() {
  return existsSync(join(packageRoot, 'simulator', 'server.ts'));
}

/**
 * The files that differ between the sources and the last build: what a rebuild must compile, copy or
 * delete. Empty when dist/ is fresh (or there are no sources to compare).
 */
export function staleFiles() {
  if (!hasSources()) return { changed: [], removed: [] };
  const now = sourceStates();
  const built = readStamp()?.files ?? {};
  const changed = Object.keys(now).filter((file) => built[file] !== now[file]);
  const removed = Object.keys(built).filter((file) => !(file in now));
  return { changed, removed };
}

/**
 * Brings dist/ up to date if it is stale, compiling only what changed; a no-op in an installed kit.
 * Several commands may start at once (the self-check does): one builds, the others wait for it.
 * With `declarations`, a whole build unless dist/ is fresh and its declarations are too (for `npm pack`).
 * @param {{ log?: (line: string) => void, declarations?: boolean }} [options]
 */
export function ensureBuilt(options = {}) {
  if (options.declarations && hasSources() && !(isFresh() && readStamp()?.declarations)) {
    buildAll();
    return;
  }
  if (isFresh()) return;
  const log = options.log ?? ((line) => process.stderr.write(`${line}\n`));
  withLock(
    lockDir,
    () => {
      // Another process may have built while this one waited.
      const { changed, removed } = staleFiles();
      if (changed.length === 0 && removed.length === 0) return;
      log(`dss: compiling ${changed.length} changed file(s) to dist/ ...`);
      // Declarations are written by whole builds only: an edited source leaves them behind.
      update(changed, removed, (readStamp()?.declarations ?? false) && !changed.some((file) => file.endsWith('.ts')));
    },
    { log },
  );
}

function isFresh() {
  const { changed, removed } = staleFiles();
  return changed.length === 0 && removed.length === 0;
}

/**
 * The whole build: every file compiled or copied again, outputs of removed sources deleted, and the
 * declarations. In place, each file replaced whole (written aside, then renamed), so that commands
 * running from dist/ meanwhile (tests in parallel, say) read either version of a file, never half of one.
 */
export function buildAll() {
  // An installed kit has dist/ only (npm may run `prepare` for it): nothing to build.
  if (!hasSources()) return;
  const log = (/** @type {string} */ line) => process.stderr.write(`${line}\n`);
  withLock(
    lockDir,
    () => {
      const files = Object.keys(sourceStates());
      const removed = Object.keys(readStamp()?.files ?? {}).filter((file) => !files.includes(file));
      // Said before each step, so that a first build (npm ci, npm pack) is never a silent wait.
      log(`dss: building dist/: compiling ${files.length} files ...`);
      update(files, removed, false);
      log('dss: building dist/: writing type declarations (tsc, the longest step) ...');
      emitDeclarations();
      writeStamp(sourceStates(), true);
    },
    { log },
  );
}

/**
 * Compiles or copies `changed`, deletes the outputs of `removed`, and records the new state.
 * @param {string[]} changed @param {string[]} removed @param {boolean} declarations
 */
function update(changed, removed, declarations) {
  const states = sourceStates();
  const typescript = changed.some((file) => file.endsWith('.ts')) ? loadTypeScript() : null;
  for (const file of changed) {
    const source = join(packageRoot, file);
    if (file === 'package.json') writeManifest();
    else if (file.endsWith('.ts'))
      writeWhole(
        join(distDir, file.replace(/\.ts$/, '.js')),
        transpile(/** @type {TypeScript} */ (typescript), readFileSync(source, 'utf8'), file),
      );
    else {
      const content = readFileSync(source);
      writeWhole(join(distDir, file), content);
      if (PARSED_YAML.test(file)) writeParsed(join(distDir, `${file}.json`), content.toString('utf8'));
    }
  }
  for (const file of removed) {
    const output = join(distDir, file.replace(/\.ts$/, '.js'));
    rmSync(output, { force: true });
    if (PARSED_YAML.test(file)) rmSync(`${output}.json`, { force: true });
    if (file.endsWith('.ts')) rmSync(output.replace(/\.js$/, '.d.ts'), { force: true });
  }
  writeStamp(states, declarations);
}

/** The parse of a YAML data file, as JSON; none for a file that does not parse (see PARSED_YAML). @param {string} output @param {string} yaml */
function writeParsed(output, yaml) {
  let data;
  try {
    data = parseYaml(yaml);
  } catch {
    rmSync(output, { force: true });
    return;
  }
  writeWhole(output, JSON.stringify(data));
}

/** @param {FileStates} files @param {boolean} declarations */
function writeStamp(files, declarations) {
  /** @type {Stamp} */
  const stamp = { format: BUILD_FORMAT, files, declarations };
  writeWhole(stampFile, `${JSON.stringify(stamp)}\n`);
}

/**
 * Writes a file aside and renames it into place: a process reading it meanwhile gets the old or the new
 * content, never a truncated one.
 * @param {string} file @param {string | Buffer} content
 */
function writeWhole(file, content) {
  mkdirSync(dirname(file), { recursive: true });
  const aside = `${file}.${process.pid}.tmp`;
  writeFileSync(aside, content);
  renameSync(aside, file);
}

/**
 * dist/package.json: what the compiled code reads of the manifest (`../../package.json` from a module
 * two folders down resolves here in dist/, as it resolves to the real one in the sources), and
 * `type: module` for the compiled files.
 */
function writeManifest() {
  const { name, version } = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8'));
  writeWhole(
    join(distDir, 'package.json'),
    `${JSON.stringify({ name: `${name}-compiled`, version, private: true, type: 'module', description: 'Generated by bin/build.js: the compiled kit. Do not edit.' }, null, 2)}\n`,
  );
}

/** @typedef {typeof import('typescript')} TypeScript */

/** @returns {TypeScript} */
function loadTypeScript() {
  try {
    return createRequire(import.meta.url)('typescript');
  } catch {
    throw new Error(
      'dist/ is stale and TypeScript is not installed to rebuild it: run npm ci (or npm install) in the project first',
    );
  }
}

/** @param {TypeScript} ts @param {string} text @param {string} file */
function transpile(ts, text, file) {
  const result = ts.transpileModule(text, {
    fileName: file,
    reportDiagnostics: true,
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      rewriteRelativeImportExtensions: true,
      isolatedModules: true,
      esModuleInterop: true,
    },
  });
  const errors = (result.diagnostics ?? []).filter((diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error);
  if (errors.length > 0)
    throw new Error(
      `${file}: ${errors.map((error) => ts.flattenDiagnosticMessageText(error.messageText, '\n')).join('\n')}`,
    );
  return result.outputText;
}

/** Declarations for the installed kit: tsc on the whole program (tsconfig.build.json), without type checking. */
function emitDeclarations() {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const run = spawnSync(process.execPath, [tsc, '-p', join(packageRoot, 'tsconfig.build.json')], {
    cwd: packageRoot,
    encoding: 'utf8',
  });
  if (run.status !== 0)
    throw new Error(`declarations (tsc -p tsconfig.build.json) failed:\n${run.stdout}${run.stderr}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const ifStale = process.argv.includes('--if-stale');
  const started = Date.now();
  try {
    if (ifStale) ensureBuilt({ declarations: process.argv.includes('--declarations') });
    else buildAll();
  } catch (error) {
    console.error(`build failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  if (!ifStale)
    console.log(
      `built dist/ in ${((Date.now() - started) / 1000).toFixed(1)} s (${relative(process.cwd(), distDir) || '.'})`,
    );
}
