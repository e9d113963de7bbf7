import { accessSync, constants, statSync } from 'node:fs';
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
  // A file that is not there is the user's mistake (exit 2); only one that is there can fail verification (exit 1).
  const unreadable = unreadableFile(file);
  if (unreadable) throw new UsageError(`cannot read ${file}: ${unreadable}`);
  const result = await verifyReport(file);
  if (result.ok) {
    console.log(`${file}: signature and digests verified`);
    if (result.claims) {
      const { verdict, headline, filters } = result.claims;
      console.log(`  verdict: ${verdict}`);
      console.log(
        `  scope: ${filters.length === 0 ? 'the whole suite' : `a filtered run (${filters.join(', ')}): it says nothing of the checks left out`}`,
      );
      console.log(`  ${headline}`);
    }
    return 0;
  }
  console.error(`${file}: NOT verified\n${result.problems.map((problem) => `  - ${problem}`).join('\n')}`);
  return 1;
}

/** Why `file` cannot be read as a file, or null when it can. */
function unreadableFile(file: string): string | null {
  try {
    if (!statSync(file).isFile()) return 'it is not a file';
    accessSync(file, constants.R_OK);
    return null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT'
      ? 'no such file'
      : code === 'EACCES'
        ? 'permission denied'
        : String((error as Error).message);
  }
}
