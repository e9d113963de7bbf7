import { createState, type SimState } from './state.ts';
import { seedDemoNetwork } from './control/demo-network.ts';
import type { RetentionOptions } from './retention/retention.ts';
import type { FaultName } from './faults/catalogue.ts';

export type NetworkKind = 'demo' | 'empty';

export interface SimulatorOptions {
  network?: NetworkKind;
  /** Start instant of the clock, ms since the epoch (default: now). */
  clock?: number;
  faults?: FaultName[];
  networkSeed?: string;
  /** Serve the control plane `/sim` to non-loopback clients too (off by default). */
  controlFromAnywhere?: boolean;
  /** Bounds of the stores that grow with traffic (docs/semantics.md, "Retention"); kept across resets. */
  retention?: Partial<RetentionOptions>;
}

/**
 * Owns the current state and replaces it on reset. Routes read `sim.state` on every call, so a reset
 * takes effect at once and nothing keeps a reference to the old world.
 */
export class Simulator {
  private current!: SimState;

  private constructor(readonly options: SimulatorOptions) {}

  static async create(options: SimulatorOptions = {}): Promise<Simulator> {
    const simulator = new Simulator(options);
    await simulator.reset({ network: options.network, clock: options.clock });
    return simulator;
  }

  get state(): SimState {
    return this.current;
  }

  /** Fresh state; faults switched on at start-up stay on across resets. */
  async reset(options: { network?: NetworkKind; clock?: number } = {}): Promise<SimState> {
    const state = await createState({
      clock: options.clock,
      networkSeed: this.options.networkSeed,
      faults: this.current ? this.current.faults.list() : this.options.faults,
      retention: this.options.retention,
    });
    if ((options.network ?? 'demo') === 'demo') seedDemoNetwork(state);
    this.current = state;
    return state;
  }
}
