import { faultCatalogue, isFaultName, type FaultName } from '../../simulator/faults/catalogue.ts';
import { runSelfCheck } from '../../suites/self-check/self-check.ts';
import { integerOption, parseOptions, UsageError } from './usage.ts';

const help = `Usage: dss self-check [options]
Runs, for every named fault of the simulator, the checks that verify the fault's requirement against
a simulator with that fault on, and passes only if each fault is caught by a check failing for it.
  --faults <a,b>       run only these faults (default: the whole catalogue)
  --workers <n>        runs at a time, each testing up to six faults, each fault with its own simulator (default 2)
  --report-dir <dir>   where self-check.json, self-check.md and each fault's run go (default reports)`;

export async function runSelfCheckCommand(args: string[]): Promise<number> {
  const { values } = parseOptions(args, { faults: { type: 'string' }, workers: { type: 'string' }, 'report-dir': { type: 'string' } }, help);
  if (values.help) {
    console.log(help);
    return 0;
  }
  const result = await runSelfCheck({
    faults: chosenFaults(values.faults),
    parallel: integerOption('workers', values.workers, 1, 64) ?? 2,
    reportDir: values['report-dir'] ?? 'reports',
  });
  return result.all_caught ? 0 : 1;
}

function chosenFaults(option: string | undefined): FaultName[] {
  if (option === undefined) return Object.keys(faultCatalogue).filter(isFaultName);
  const names = [...new Set(option.split(',').map((name) => name.trim()).filter(Boolean))];
  const unknown = names.filter((name) => !isFaultName(name));
  if (unknown.length > 0) throw new UsageError(`unknown faults: ${unknown.join(', ')}\nknown faults: ${Object.keys(faultCatalogue).join(', ')}`);
  if (names.length === 0) throw new UsageError('--faults names no fault');
  return names.filter(isFaultName);
}
