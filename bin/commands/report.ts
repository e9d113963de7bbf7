import { rebuildReport } from '../../suites/reporters/rebuild.ts';
import { parseOptions, UsageError } from './usage.ts';

const help = `Usage: dss report [--report-dir <dir>] <results.json>...
Rebuilds conformance.json, conformance.html and junit.xml from one or more Playwright JSON result
files, for example the results of several shards (results-1-of-3.json, ...). Other files among those
given (conformance.json, say, when a glob like reports/*.json takes it) are ignored, and named.
A check that every shard runs (the target setup, the clock checks) is counted once.`;

export async function runReport(args: string[]): Promise<number> {
  const { values, positionals } = parseOptions(args, { 'report-dir': { type: 'string' } }, help);
  if (values.help) {
    console.log(help);
    return 0;
  }
  if (positionals.length === 0) throw new UsageError(`give at least one results file\n\n${help}`);
  await rebuildReport(positionals, values['report-dir'] ?? 'reports');
  return 0;
}
