/**
 * simulator/snapshots/: named copies of the whole network (`/sim/snapshots`, docs/control-plane.md),
 * for a test suite that goes back to a known state between its tests. A snapshot holds the state
 * (members, tokens and their sessions, lines, the ledger, quotations, payments, redemptions, charges,
 * gateway queues, the activity log, the clock's time) and the autopilot's rules with its switches.
 * Not in it: the faults and readings played (the simulator's mode: they stay as they are, as across a
 * reset) and the autopilot's answers still waiting for their delay (closures on timers, not state).
 */
import { copyGraph } from './copy-graph.ts';
import { wireState, type SimState } from '../state.ts';
import type { AutopilotSetup } from '../autopilot/autopilot.ts';
import type { NamedSwitch } from '../named-switch.ts';
import { DssError } from '../errors.ts';

/** Each snapshot is a whole copy of the network: a bound keeps a forgetful test suite from filling the memory. */
export const SNAPSHOTS_KEPT = 32;

export interface Snapshot {
  readonly name: string;
  /** The network's time when it was taken (ms since the epoch): a restore's clock starts there. */
  readonly now: number;
  readonly state: SimState;
  /** The autopilot members with their switches, and their delay; undefined when the network had none. */
  readonly autopilot: AutopilotSetup | undefined;
}

/** What the control plane shows of a snapshot. */
export function snapshotView(snapshot: Snapshot) {
  const { state } = snapshot;
  return {
    name: snapshot.name,
    now: snapshot.now,
    members: state.members.list().length,
    ledger_transactions: state.ledger.transactions().length,
    quotations: state.quotations.size,
    payments: state.payments.size,
  };
}

export class Snapshots {
  private readonly taken = new Map<string, Snapshot>();

  take(name: string, state: SimState, autopilot: Snapshot['autopilot']): Snapshot {
    if (this.taken.has(name))
      throw new DssError(
        'CONTROL-SNAPSHOT-EXISTS',
        `A snapshot named ${name} exists; delete it first (DELETE /sim/snapshots/${name}).`,
      );
    if (this.taken.size >= SNAPSHOTS_KEPT)
      throw new DssError('CONTROL-SNAPSHOT-EXISTS', `${SNAPSHOTS_KEPT} snapshots are kept at most; delete one first.`);
    const snapshot = { name, now: state.clock.now(), state: copyState(state), autopilot };
    this.taken.set(name, snapshot);
    return snapshot;
  }

  get(name: string): Snapshot {
    const snapshot = this.taken.get(name);
    if (!snapshot) throw notFound(name, [...this.taken.keys()]);
    return snapshot;
  }

  delete(name: string): Snapshot {
    const snapshot = this.get(name);
    this.taken.delete(name);
    return snapshot;
  }

  /** Oldest first. */
  list(): Snapshot[] {
    return [...this.taken.values()];
  }
}

/**
 * A world to go on with, from a snapshot: a copy (the snapshot stays as it was, to be restored again),
 * its clock at the snapshot's time, the faults and readings switched as in `mode` (the current world's).
 */
export function restoredState(snapshot: Snapshot, mode: Pick<SimState, 'faults' | 'readings'>): SimState {
  const state = copyState(snapshot.state);
  state.clock.resumeAt(snapshot.now);
  switchAs(state.faults, mode.faults);
  switchAs(state.readings, mode.readings);
  return state;
}

/** A copy that shares nothing mutable with `state`, its stores wired to each other (state.ts). */
function copyState(state: SimState): SimState {
  const copy = copyGraph(state);
  copy.activity.detachListeners();
  copy.ledger.detachListeners();
  copy.gateway.detachListeners();
  wireState(copy);
  return copy;
}

/** Switches `target` on and off as `model` is: a restored world keeps the simulator's mode (faults, readings). */
export function switchAs<Name extends string>(target: NamedSwitch<Name>, model: NamedSwitch<Name>): void {
  for (const name of target.list()) if (!model.on(name)) target.disable(name);
  for (const name of model.list()) target.enable(name);
}

function notFound(name: string, known: string[]): DssError {
  return new DssError(
    'CONTROL-SNAPSHOT-NOT-FOUND',
    `No snapshot named ${name}; taken: ${known.length > 0 ? known.join(', ') : 'none'}.`,
  );
}
