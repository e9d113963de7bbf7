import { CLOCK_STAGE_CHECKS, CLOCK_STAGE_MOVE } from '../../suites/runtime/clock-stage.ts';

/**
 * What `dss test` does to a simulator it did not start (`--target URL`, or a profile whose target has
 * the control plane), said in one paragraph before anything starts: that simulator may be a developer's
 * running network, whose members, tokens and quotations the run must not change silently. The run adds
 * members of its own and acts only as those; the clock stage moves the shared clock, which
 * `--keep-clock` declines.
 */
export interface SimulatorRun {
  baseUrl: string;
  /** `--keep-clock`: the clock stage's checks skip themselves. */
  keepClock: boolean;
  /** The run's `--grep`/`--tag` filters, if any: they may leave the clock stage out. */
  filtered: boolean;
}

export function simulatorChangesNotice({ baseUrl, keepClock, filtered }: SimulatorRun): string {
  const checks = CLOCK_STAGE_CHECKS.join(', ');
  const members =
    `dss test: ${baseUrl} is a simulator this run did not start, and the run changes its network. It adds members of its own ` +
    '(three per worker, and more that checks make: a few dozen in a whole run) with their accounts, credit lines, balances, quotations and payments, ' +
    'and acts only as those (the members already there are read by the directory checks, never acted as).';
  if (keepClock)
    return `${members} It leaves the simulator’s clock where it is (--keep-clock): ${checks} are not verified.`;
  const moves = filtered
    ? `If the filter selects any of its clock checks (${checks}), they move the simulator’s clock forward by up to ${CLOCK_STAGE_MOVE.words}`
    : `Its clock checks (${checks}) move the simulator’s clock forward by ${CLOCK_STAGE_MOVE.words}`;
  return (
    `${members} ${moves} instead of waiting out a token’s 15 minutes, a 24-hour session and quotation windows, ` +
    'and the clock never goes back: tokens already issued there expire and their sessions end (take fresh ones from GET /sim/network), and open quotations expire. ' +
    'To leave the clock alone, add --keep-clock (those checks are then not verified); for a network of the run’s own, leave out --target (dss test starts an embedded simulator).'
  );
}
