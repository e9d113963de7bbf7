import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { yaml } from '../yaml.ts';

/**
 * `dss test --tokens-out FILE`: the tokens this run renewed (the harness's own renewals of a long run,
 * and the second session `auth.refresh` spends), written as the profile's `${NAME}` lines, so that a
 * CI job can hand them to the next run (`set -a; . FILE; set +a`). Each renewal revoked the token
 * before it, so without this file the next run would start from dead tokens. Mode 600: it holds tokens.
 */

/** `renewed`: token by profile path (`members.mmA.token`), as the run's TokenStore keeps them. */
export function writeTokensOut(file: string, profileFile: string, renewed: Record<string, string>): void {
  const source: unknown = yaml().parse(readFileSync(profileFile, 'utf8'));
  const lines = [
    `# Tokens renewed by dss test at ${new Date().toISOString()}; later runs need these instead of the spent ones.`,
  ];
  if (Object.keys(renewed).length === 0)
    lines.push('# No token was renewed: the profile’s tokens are still the current ones.');
  for (const [path, token] of Object.entries(renewed).sort(([a], [b]) => a.localeCompare(b))) {
    const name = variableAt(source, path);
    lines.push(
      name
        ? `${name}=${shellValue(token)}`
        : `# ${path} was renewed, but the profile writes it literally: give it as \${NAME} to chain runs through this file`,
    );
  }
  writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
}

/** The variable the profile's value at `path` is taken from (`${NAME}` or `${NAME:-default}`), or null. */
export function variableAt(source: unknown, path: string): string | null {
  let value: unknown = source;
  for (const step of path.replace(/\[(\d+)\]/g, '.$1').split('.')) {
    if (value === null || typeof value !== 'object') return null;
    value = (value as Record<string, unknown>)[step];
  }
  const match = typeof value === 'string' ? /^\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-[^}]*)?\}$/.exec(value.trim()) : null;
  return match?.[1] ?? null;
}

/** As the shell reads it: a JWT needs no quotes; anything else is single-quoted. */
function shellValue(token: string): string {
  return /^[A-Za-z0-9._~+/=-]+$/.test(token) ? token : `'${token.replaceAll("'", `'\\''`)}'`;
}
