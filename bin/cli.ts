import { UserMistake } from '../suites/runtime/user-mistake.ts';
import { UsageError } from './commands/usage.ts';

// Commands load on demand: `dss sim` should not pay for the reporters, nor `dss test` for the simulator.

const commands: Record<string, { run: (args: string[]) => Promise<number>; summary: string }> = {
  sim: {
    run: async (args) => (await import('./commands/sim.ts')).runSim(args),
    summary: 'start the reference simulator and print its URL and a token per member',
  },
  test: {
    run: async (args) => (await import('./commands/test.ts')).runTest(args),
    summary: 'run the conformance suites against the embedded simulator or a target',
  },
  report: {
    run: async (args) => (await import('./commands/report.ts')).runReport(args),
    summary: 'rebuild the conformance report from Playwright JSON results (merged shards)',
  },
  'verify-report': {
    run: async (args) => (await import('./commands/verify-report.ts')).runVerifyReport(args),
    summary: 'check the signature and digests of a conformance.json',
  },
  'self-check': {
    run: async (args) => (await import('./commands/self-check.ts')).runSelfCheckCommand(args),
    summary: 'prove the suites catch every named fault of the simulator (detection table)',
  },
};

function usage(): string {
  const lines = Object.entries(commands).map(([name, command]) => `  ${name.padEnd(14)} ${command.summary}`);
  return ['Usage: dss <command> [options]   (dss <command> --help for its options)', '', 'Commands:', ...lines].join(
    '\n',
  );
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    console.log(usage());
    return name ? 0 : 2;
  }
  const command = commands[name];
  if (!command) {
    console.error(`dss: unknown command "${name}"\n\n${usage()}`);
    return 2;
  }
  try {
    return await command.run(rest);
  } catch (error) {
    // The user's mistakes: one paragraph, status 2. Anything else is a bug of the kit, said as such.
    if (error instanceof UsageError || error instanceof UserMistake) {
      console.error(`dss ${name}: ${error.message}`);
      return 2;
    }
    console.error(
      `dss ${name}: a bug of the harness, not a mistake of yours; please report it with this trace:\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return 3;
  }
}

process.exitCode = await main(process.argv.slice(2));
