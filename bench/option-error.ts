/**
 * A benchmark's option given a value it cannot take. `npm run bench` prints its message (and parseArgs'
 * own errors for an unknown or malformed option) without a stack trace: a mistyped option is the user's
 * mistake, not the benchmark's failure.
 */
export class OptionError extends Error {}

/** Whether `error` is a mistake in the options given: ours, or one parseArgs refused. */
export function isOptionMistake(error: unknown): error is Error {
  return (
    error instanceof OptionError ||
    (error instanceof Error && String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS_'))
  );
}
