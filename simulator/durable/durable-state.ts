/**
 * simulator/durable/: `dss sim --state-dir DIR` (docs/state.md). The network is kept in a journal
 * (journal.ts) whose every record is the whole state after a change, as the snapshot copy sees it
 * (serialize.ts): the stores are dozens of classes with their own indexes, and a record of the whole
 * cannot miss a store that a change touched, where a journal of each store's own changes would have to
 * be written, and kept right, store by store. Every answer waits for the record that covers it to be
 * on disk (group commit: one record, written at the next turn of the event loop, covers every call
 * answered before it), so an acknowledged change survives `kill -9`. The cost grows with the state:
 * bench/ and docs/state.md say how much.
 */
import type { Simulator } from '../simulator.ts';
import type { AutopilotSetup } from '../autopilot/autopilot.ts';
import { createState, wireState, type SimState } from '../state.ts';
import { switchAs } from '../snapshots/snapshots.ts';
import { classesOf, deserializeGraph, serializeGraph } from './serialize.ts';
import { Journal } from './journal.ts';

interface Image {
  state: SimState;
  autopilot: AutopilotSetup | undefined;
  /** The network's time and the wall clock's when written: the clock resumes from there, the time down counted. */
  now: number;
  wall: number;
}

export class DurableState {
  private pending: Promise<void> | undefined;

  private constructor(
    private readonly journal: Journal,
    private readonly sim: Simulator,
  ) {}

  /**
   * Opens the store of `directory` for `sim`: the network it holds replaces the one `sim` started with;
   * a new store is written the started one. `say` gets what was dropped from a torn journal.
   * Throws StoreRefused for another version's store.
   */
  static async open(
    directory: string,
    sim: Simulator,
    say: (message: string) => void,
  ): Promise<{ store: DurableState; restored: boolean }> {
    const { journal, last, dropped } = Journal.open(directory);
    if (dropped) say(dropped);
    const store = new DurableState(journal, sim);
    if (last === undefined) {
      store.write();
      return { store, restored: false };
    }
    // Classes are found by name among those of a fresh state and of the one just started.
    const classes = new Map([...classesOf(await createState()), ...classesOf(sim.state)]);
    const image = deserializeGraph(last, classes) as Image;
    wireState(image.state);
    image.state.clock.resumeAt(image.now + Math.max(0, Date.now() - image.wall));
    switchAs(image.state.faults, sim.state.faults);
    switchAs(image.state.readings, sim.state.readings);
    await sim.adopt(image.state, image.autopilot);
    return { store, restored: true };
  }

  /** Resolves once a record written after this call is on disk. */
  commit(): Promise<void> {
    this.pending ??= new Promise((resolve, reject) =>
      setImmediate(() => {
        this.pending = undefined;
        try {
          this.write();
          resolve();
        } catch (error) {
          reject(error);
        }
      }),
    );
    return this.pending;
  }

  close(): void {
    this.write();
    this.journal.close();
  }

  private write(): void {
    const state = this.sim.state;
    const image: Image = { state, autopilot: this.sim.autopilotSetup(), now: state.clock.now(), wall: Date.now() };
    this.journal.append(serializeGraph(image));
  }
}
