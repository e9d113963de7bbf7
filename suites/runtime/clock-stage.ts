/**
 * The clock stage (suites/conformance.config.ts, project `clock`): the checks that move a simulator's
 * shared clock forward instead of waiting. A simulator given by `--target` may be a developer's own, with
 * tokens and quotations of its own: `dss test` says before it starts how far the stage moves its clock
 * (bin/commands/simulator-changes.ts), and `--keep-clock` leaves the clock where it is, these checks
 * then skipped with a reason.
 */

/** The checks of the clock stage (every `*.clock.spec.ts` check; simulator-changes.test.ts holds the list to the run). */
export const CLOCK_STAGE_CHECKS = [
  'auth.token-expiry',
  'auth.session-24h',
  'exchange.window-clock',
  'exchange.expiry-clock',
] as const;

const HOUR_MS = 60 * 60_000;

/**
 * How far the whole stage moves the clock: a token's 15 minutes, a 24-hour session, then quotation
 * windows of up to an hour (25 h 21 min measured). simulator-changes.test.ts measures a run of the
 * stage and holds it between the bounds, so the words stay true when a check changes.
 */
export const CLOCK_STAGE_MOVE = { words: 'about 25 h 30 min', atLeastMs: 24 * HOUR_MS, atMostMs: 26 * HOUR_MS };

/** Why a clock-stage check is skipped under --keep-clock (RunSettings' `keep_clock`; reports show it as not verified here). */
export const CLOCK_KEPT = 'moves the simulator’s clock, which --keep-clock left where it was';
