import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UnknownNames } from '../../simulator/named-switch.ts';

/** A mistake on the command line: printed with the command's help, exit status 2. */
export class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * Parses a command's options strictly: an unknown or malformed option is a UsageError that lists the
 * valid ones, instead of being ignored.
 */
// The return type is spelled out for the declaration files of the compiled kit (bin/build.js), which
// cannot name the type node:util infers.
export function parseOptions<T extends Options>(
  args: string[],
  options: T,
  help: string,
): ReturnType<
  typeof parseArgs<{
    args: string[];
    options: T & { help: { type: 'boolean'; short: string } };
    strict: true;
    allowPositionals: true;
  }>
> {
  try {
    return parseArgs({
      args,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: true,
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${help}`);
  }
}

export function integerOption(name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || parsed < min || parsed > max)
    throw new UsageError(`--${name} must be an integer from ${min} to ${max}; got "${value}"`);
  return parsed;
}

/**
 * The names an option gives of a catalogue (`--faults a,b`, `--readings a,b`), read by the catalogue's own
 * parser (parseFaultNames, parseReadingNames); an unknown name is a mistake on the command line.
 */
export function namesOption<Name>(parse: (given: string) => Name[], value: string): Name[] {
  try {
    return parse(value);
  } catch (error) {
    if (error instanceof UnknownNames) throw new UsageError(error.message);
    throw error;
  }
}
