import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { compiledRunEnv, conformanceConfig } from '../../suites/kit-layout.ts';
import { parseOptions, UsageError } from './usage.ts';

const help = `Usage: dss test [options]
  --target <url>       base URL of the target (a simulator, or a real endpoint together with --profile)
  --profile <file>     target profile (YAML or JSON): members, tokens, capabilities, baseline
  --grep <regexp>      run only checks whose title matches
  --tag <tag>          run only checks with this tag (e.g. @auth)
  --shard <i/n>        run shard i of n (merge with: dss report)
  --workers <n>        parallel workers (default 2; 1 for a target without the simulator control plane)
  --report-dir <dir>   where reports go (default reports)
With neither --target nor --profile, an embedded simulator is started on a free port and tested.`;

/** Runs the conformance suites through Playwright Test and returns its exit status. */
export async function runTest(args: string[]): Promise<number> {
  const { values } = parseOptions(
    args,
    {
      target: { type: 'string' },
      profile: { type: 'string' },
      grep: { type: 'string' },
      tag: { type: 'string' },
      shard: { type: 'string' },
      workers: { type: 'string' },
      'report-dir': { type: 'string' },
    },
    help,
  );
  if (values.help) {
    console.log(help);
    return 0;
  }
  if (values.target !== undefined && !/^https?:\/\/[^\s]+$/.test(values.target)) throw new UsageError(`--target must be an http(s) URL; got "${values.target}"`);
  if (values.profile !== undefined && !existsSync(values.profile)) throw new UsageError(`--profile: no such file ${values.profile}`);
  if (values.shard !== undefined && !/^[1-9]\d*\/[1-9]\d*$/.test(values.shard)) throw new UsageError(`--shard must look like 1/3; got "${values.shard}"`);
  if (values.workers !== undefined && !/^[1-9]\d*$/.test(values.workers)) throw new UsageError(`--workers must be a positive integer; got "${values.workers}"`);

  const playwrightArgs = ['test', '--config', conformanceConfig];
  if (values.grep) playwrightArgs.push('--grep', values.grep);
  if (values.tag) playwrightArgs.push('--grep', values.tag.startsWith('@') ? values.tag : `@${values.tag}`);
  if (values.shard) playwrightArgs.push('--shard', values.shard);
  if (values.workers) playwrightArgs.push('--workers', values.workers);

  const env: NodeJS.ProcessEnv = { ...compiledRunEnv(process.env), DSS_REPORT_DIR: values['report-dir'] ?? process.env.DSS_REPORT_DIR ?? 'reports' };
  if (values.target) env.DSS_TARGET = values.target;
  if (values.profile) env.DSS_PROFILE = values.profile;

  const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
  const child = spawn(process.execPath, [cli, ...playwrightArgs], { stdio: 'inherit', env });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 130 : 1))));
}
