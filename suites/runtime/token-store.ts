import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runSecretsDir } from './run-secrets.ts';
import type { RunSettings } from './run-settings.ts';

/**
 * The latest token of each profile member during one run, keyed by where the profile gives it
 * (`members.mmA.token`, `members.mmA.tokens.session.token`). Renewing a token through the spec's refresh
 * endpoint revokes the one before it, and Playwright restarts a worker after a failed check: without
 * this file the new worker would start again from the profile's token, which the target no longer
 * accepts. It lives in the run's private directory (see run-secrets.ts), which starts empty and is
 * removed at the end of the run; it is mode 600 because it holds tokens.
 */
export class TokenStore {
  constructor(private readonly file: string) {}

  static forRun(settings: Pick<RunSettings, 'run_secrets'>): TokenStore {
    return new TokenStore(join(runSecretsDir(settings), 'tokens.json'));
  }

  latest(path: string): string | undefined {
    return this.read()[path];
  }

  save(path: string, token: string): void {
    writeFileSync(this.file, JSON.stringify({ ...this.read(), [path]: token }), { mode: 0o600 });
    chmodSync(this.file, 0o600);
  }

  /** Every token renewed in the run, by path. */
  read(): Record<string, string> {
    if (!existsSync(this.file)) return {};
    return JSON.parse(readFileSync(this.file, 'utf8')) as Record<string, string>;
  }
}
