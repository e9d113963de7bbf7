import { faultCatalogue, isFaultName, parseFaultNames, type FaultName } from '../../simulator/faults/catalogue.ts';
import {
  isReadingName,
  parseReadingNames,
  readingCatalogue,
  type ReadingName,
} from '../../simulator/readings/catalogue.ts';
import { runSelfCheck } from '../../suites/self-check/self-check.ts';
import { runReadingsSelfCheck } from '../../suites/self-check/readings-self-check.ts';
import { integerOption, namesOption, parseOptions, UsageError } from './usage.ts';

const help = `Usage: dss self-check [options]
Runs, for every named fault of the simulator, the checks that verify the fault's requirement against
a simulator with that fault on, and passes only if each fault is caught by a check failing for it.
With --readings, the converse: the whole conformance run against a simulator playing each reading
variant (another behaviour the spec allows) and all of them at once, passing only if no requirement of
the specification layer fails under any of them (docs/readings.md). Faults and readings never mix.
  --faults <a,b>       run only these faults (default: the whole catalogue)
  --readings [a,b]     the readings self-check, of these readings (default: every reading)
  --workers <n>        runs at a time, each testing up to six faults, each fault with its own simulator (default 2)
  --report-dir <dir>   where self-check.json, self-check.md and each fault's run go (default reports);
                       self-check-readings.json and .md with --readings`;

export async function runSelfCheckCommand(args: string[]): Promise<number> {
  // `--readings` alone (no list) means every reading: parseArgs takes no optional values, so a bare flag is rewritten.
  const normalised = args.flatMap((arg, index) =>
    arg === '--readings' && (args[index + 1] === undefined || args[index + 1]!.startsWith('--'))
      ? ['--readings=*']
      : [arg],
  );
  const { values } = parseOptions(
    normalised,
    {
      faults: { type: 'string' },
      readings: { type: 'string' },
      workers: { type: 'string' },
      'report-dir': { type: 'string' },
    },
    help,
  );
  if (values.help) {
    console.log(help);
    return 0;
  }
  const parallel = integerOption('workers', values.workers, 1, 64) ?? 2;
  const reportDir = values['report-dir'] ?? 'reports';
  if (values.readings !== undefined) {
    if (values.faults !== undefined)
      throw new UsageError(
        '--faults and --readings are two self-checks: a fault and a reading are never mixed in one run; give one of them',
      );
    const result = await runReadingsSelfCheck({
      readings: chosenReadings(values.readings),
      parallel,
      workers: 2,
      reportDir,
    });
    return result.all_passed ? 0 : 1;
  }
  const result = await runSelfCheck({ faults: chosenFaults(values.faults), parallel, reportDir });
  return result.all_caught ? 0 : 1;
}

function chosenFaults(option: string | undefined): FaultName[] {
  if (option === undefined) return Object.keys(faultCatalogue).filter(isFaultName);
  const names = namesOption(parseFaultNames, option);
  if (names.length === 0) throw new UsageError('--faults names no fault');
  return names;
}

function chosenReadings(option: string): ReadingName[] {
  if (option === '*') return Object.keys(readingCatalogue).filter(isReadingName);
  const names = namesOption(parseReadingNames, option);
  if (names.length === 0) throw new UsageError('--readings names no reading');
  return names;
}
