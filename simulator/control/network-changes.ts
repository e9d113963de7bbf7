/**
 * Changes made to the network from outside the spec's API, recorded in the activity log so that the
 * dashboard's sequence shows them beside the calls they explain: a clock move and the quotations it
 * expired, a fault, reading or autopilot behaviour switched, a snapshot taken, restored or deleted. Expiry happens on reading (quotations/
 * expiry.ts), so what a move expired is found by asking before and after it.
 */
import type { SimState } from '../state.ts';

/** How many of the newest quotations a clock move looks at for expiries: what the dashboard lists. */
const WATCHED_QUOTATIONS = 100;

/**
 * Moves the clock as asked (`now`, or `advance_ms` from now) and records the move and the quotations it
 * expired; answers the new time. The move is stated as asked: the clock also runs on its own meanwhile.
 */
export function recordClockMove(state: SimState, input: { now?: number; advance_ms?: number }): number {
  const before = state.clock.now();
  const open = state.quotations.newest(WATCHED_QUOTATIONS, before);
  const now = input.now !== undefined ? state.clock.set(input.now) : state.clock.advance(input.advance_ms ?? 0);
  const how = input.now !== undefined ? 'set' : `moved ${duration(input.advance_ms ?? 0)}`;
  state.activity.record({ kind: 'network', change: 'clock', text: `clock ${how} to ${new Date(now).toISOString()}` });
  for (const quotation of open) {
    if (state.quotations.quotation(quotation.quotation_uuid, now)) continue;
    const { buyer } = quotation.request;
    state.activity.record({
      kind: 'network',
      change: 'expiry',
      text: `quotation ${quotation.quotation_uuid} of ${buyer} and ${quotation.seller} expired`,
      members: [buyer, quotation.seller],
    });
  }
  return now;
}

/** Records that `names` of a kind of switch (faults, readings) were switched on or off. */
export function recordSwitches(
  state: SimState,
  change: 'faults' | 'readings',
  enabled: readonly string[],
  disabled: readonly string[],
): void {
  const parts = [
    enabled.length > 0 ? `on: ${enabled.join(', ')}` : '',
    disabled.length > 0 ? `off: ${disabled.join(', ')}` : '',
  ].filter(Boolean);
  if (parts.length > 0)
    state.activity.record({ kind: 'network', change, text: `${change} switched ${parts.join('; ')}` });
}

/** Records an autopilot behaviour of `member` switched on or off. */
export function recordAutopilotSwitch(state: SimState, member: string, behaviour: string, on: boolean): void {
  state.activity.record({
    kind: 'network',
    change: 'autopilot',
    text: `autopilot ${member}: ${behaviour} switched ${on ? 'on' : 'off'}`,
    members: [member],
  });
}

/**
 * Records a snapshot taken, restored or deleted. A restore is recorded in the restored world's log (the
 * one the dashboard then shows), after the entries the snapshot kept.
 */
export function recordSnapshot(
  state: SimState,
  action: 'taken' | 'restored' | 'deleted',
  name: string,
  now: number,
): void {
  state.activity.record({
    kind: 'network',
    change: 'snapshot',
    text: `snapshot ${name} ${action} (network time ${new Date(now).toISOString()})`,
  });
}

function duration(ms: number): string {
  if (ms === 0) return 'by 0 ms';
  const units: Array<[number, string]> = [
    [86_400_000, 'd'],
    [3_600_000, 'h'],
    [60_000, 'min'],
    [1000, 's'],
  ];
  for (const [size, unit] of units) if (ms % size === 0) return `+${ms / size} ${unit}`;
  return `+${ms} ms`;
}
