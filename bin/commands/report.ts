import { rebuildReport } from '../../suites/reporters/rebuild.ts';
import { parseOptions, UsageError } from './usage.ts';

const help = `Usage: dss report [--report-dir <dir>] <results.json>...
Rebuilds conformance.json and conformance.html from one or more Playwright JSON result files
(for example the results of several shards).`;

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
