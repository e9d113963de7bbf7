import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { yaml } from './yaml.ts';

/**
 * Where the kit's own files are. The code runs either from its TypeScript sources (the project's own
 * tests) or compiled to dist/ (`dss`, always: bin/dss.js runs dist/, see bin/build.js), a copy of the
 * same tree one folder deeper with `.js` for `.ts`.
 */

const compiled = import.meta.url.endsWith('.js');

/** `.js` in dist/, `.ts` in the sources: the extension of the modules beside this one. */
export const moduleExtension = compiled ? '.js' : '.ts';

/** The package's root: the checkout, or node_modules/<kit> of an installed kit. */
export const packageRoot = fileURLToPath(new URL(compiled ? '../../' : '../', import.meta.url));

/** The `dss` command as users run it: it brings dist/ up to date in a checkout, then runs it. */
export const dssCommand = join(packageRoot, 'bin', 'dss.js');

/** The build (bin/build.js): `--if-stale` brings dist/ up to date in a checkout, a no-op in an installed kit. */
export const buildScript = join(packageRoot, 'bin', 'build.js');

/** A compiled module, by its path in the sources with `.js` for `.ts` (e.g. `suites/conformance.config.js`). */
export function compiledModule(path: string): string {
  return join(packageRoot, 'dist', ...path.split('/'));
}

/** The conformance run's Playwright config, compiled: what `dss test` runs. */
export const conformanceConfig = compiledModule('suites/conformance.config.js');

/**
 * The environment of a Playwright run of the compiled suites: no TypeScript loader (Playwright starts
 * one in every worker otherwise, a thread that resolves and transforms each import of the checks).
 */
export function compiledRunEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...env, PW_DISABLE_TS_ESM: '1' };
}

/**
 * The build's parse of a YAML data file of the kit: in dist/ the build writes it beside its copy
 * (`<file>.json`, bin/build.js PARSED_YAML), read in milliseconds. Undefined from the sources, or where
 * the build wrote none (a file it does not parse, or one that did not parse).
 */
export function builtParse(file: URL): unknown {
  const parsed = new URL(`${file.href}.json`);
  return compiled && existsSync(parsed) ? JSON.parse(readFileSync(parsed, 'utf8')) : undefined;
}

/** A YAML data file of the kit, parsed: the build's parse when there is one, else the YAML itself. */
export function readKitYaml(file: URL): unknown {
  return builtParse(file) ?? yaml().parse(readFileSync(file, 'utf8'));
}
