import { verifyReport } from '../../suites/reporters/verify.ts';
import { parseOptions, UsageError } from './usage.ts';

const help = `Usage: dss verify-report <conformance.json>
Recomputes the digests of a conformance summary and verifies its signature.`;

export async function runVerifyReport(args: string[]): Promise<number> {
  const { values, positionals } = parseOptions(args, {}, help);
  if (values.help) {
    console.log(help);
    return 0;
  }
  const [file] = positionals;
  if (!file || positionals.length > 1) throw new UsageError(`give exactly one conformance.json\n\n${help}`);
  const result = await verifyReport(file);
  if (result.ok) {
    console.log(`${file}: signature and digests verified`);
    if (result.claims) {
      const { verdict, headline, filters } = result.claims;
      console.log(`  verdict: ${verdict}`);
      console.log(`  scope: ${filters.length === 0 ? 'the whole suite' : `a filtered run (${filters.join(', ')}): it says nothing of the checks left out`}`);
      console.log(`  ${headline}`);
    }
    return 0;
  }
  console.error(`${file}: NOT verified\n${result.problems.map((problem) => `  - ${problem}`).join('\n')}`);
  return 1;
}
