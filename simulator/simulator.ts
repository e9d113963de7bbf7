import type { Hono } from 'hono';
import { createState, type SimState } from './state.ts';
import type { RetentionOptions } from './retention/retention.ts';
import type { FaultName } from './faults/catalogue.ts';
import type { ReadingName } from './readings/catalogue.ts';
import { Autopilot, type AutopilotMember, type AutopilotSetup } from './autopilot/autopilot.ts';
import { clockOf, DEFAULT_DELAY_MS, type NetworkFile } from './network/network-file.ts';
import { demoMembersOnly, demoNetwork } from './network/demo.ts';
import { seedNetwork } from './network/seed.ts';
import { standinNetwork } from './network/vendor-standin.ts';
import type { NetworkKind } from './network/kinds.ts';
import { restoredState, Snapshots, type Snapshot } from './snapshots/snapshots.ts';

export type { NetworkKind } from './network/kinds.ts';

/** A named network or the content of a network file, already checked (network/network-file.ts). */
export type NetworkChoice = NetworkKind | NetworkFile;

export interface SimulatorOptions {
  /** Default `demo-static`; `dss sim` starts `demo`. */
  network?: NetworkChoice;
  /** Start instant of the clock, ms since the epoch (default: the network file's, else now). */
  clock?: number;
  faults?: FaultName[];
  /** Reading variants to play (readings/catalogue.ts); a network file's `readings:` are added to them. */
  readings?: ReadingName[];
  networkSeed?: string;
  /** Serve the control plane `/sim` and the dashboard `/ui` to non-loopback clients too (off by default). */
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
  private pilot: Autopilot | undefined;
  private hono: Hono | undefined;
  /** Named copies of the network (`/sim/snapshots`); they outlive resets and restores. */
  readonly snapshots = new Snapshots();

  private constructor(
    readonly options: SimulatorOptions,
    private readonly serve: ((simulator: Simulator) => Hono) | undefined,
  ) {}

  /**
   * `serve` builds the simulator's Hono app (http/app.ts `createApp`, passed in by server.ts so that
   * this file does not import the routes that import it). Without it, only networks that need no call
   * (`empty`, `demo-static`) can be loaded.
   */
  static async create(options: SimulatorOptions = {}, serve?: (simulator: Simulator) => Hono): Promise<Simulator> {
    const simulator = new Simulator(options, serve);
    await simulator.reset({ network: options.network, clock: options.clock });
    return simulator;
  }

  get state(): SimState {
    return this.current;
  }

  /** The whole simulator as one Hono app; the autopilot members and the network file's opening calls go through it too. */
  get app(): Hono {
    if (!this.serve)
      throw new Error('this simulator was created without its app (Simulator.create(options, createApp))');
    this.hono ??= this.serve(this);
    return this.hono;
  }

  /** The autopilot members of the current network; undefined when it has none. */
  get autopilot(): Autopilot | undefined {
    return this.pilot;
  }

  /**
   * Fresh state; faults and readings switched on stay on across resets (a network file's readings join them). With no network given, the one
   * the simulator started with. A network file's opening calls run before its autopilot starts.
   */
  async reset(options: { network?: NetworkChoice; clock?: number } = {}): Promise<SimState> {
    await this.pilot?.stop();
    this.pilot = undefined;
    const network = networkFile(options.network ?? this.options.network ?? 'demo-static');
    const state = await createState({
      clock: options.clock ?? (network && clockOf(network)),
      networkSeed: this.options.networkSeed,
      faults: this.current ? this.current.faults.list() : this.options.faults,
      readings: [
        ...new Set([
          ...(this.current ? this.current.readings.list() : (this.options.readings ?? [])),
          ...(network?.readings ?? []),
        ]),
      ],
      // A network file's retention, with `--retention` (the options) winning name by name.
      retention: { ...network?.retention, ...this.options.retention },
    });
    this.current = state;
    if (!network) return state;
    const fetch = (request: Request) => this.app.fetch(request);
    await seedNetwork(state, fetch, network);
    const members = network.members.flatMap((member) =>
      member.autopilot ? [{ identification: member.identification, rules: member.autopilot, off: [] }] : [],
    );
    this.pilotOn(state, members, network.autopilot?.delay_ms ?? DEFAULT_DELAY_MS);
    return state;
  }

  /** Takes a snapshot of the current network under `name` (snapshots/snapshots.ts says what it holds). */
  snapshot(name: string): Snapshot {
    return this.snapshots.take(name, this.current, this.autopilotSetup());
  }

  /** The autopilot members with their rules and switches, and their delay; undefined when the network has none. */
  autopilotSetup(): AutopilotSetup | undefined {
    const pilot = this.pilot;
    return pilot && { members: pilot.members(), delayMs: pilot.delayMs };
  }

  /** Replaces the network by a copy of the snapshot `name`, faults and readings as they are, its autopilot started again. */
  async restore(name: string): Promise<SimState> {
    const snapshot = this.snapshots.get(name);
    const state = restoredState(snapshot, this.current);
    await this.adopt(state, snapshot.autopilot);
    return state;
  }

  /** Makes `state` the network (a restored snapshot, the durable store's), its autopilot started again. */
  async adopt(state: SimState, autopilot: AutopilotSetup | undefined): Promise<void> {
    await this.pilot?.stop();
    this.pilot = undefined;
    this.current = state;
    if (autopilot) this.pilotOn(state, autopilot.members, autopilot.delayMs);
  }

  private pilotOn(state: SimState, members: AutopilotMember[], delayMs: number): void {
    if (members.length === 0) return;
    const pilot = new Autopilot(state, (request: Request) => this.app.fetch(request), members, delayMs);
    for (const member of members)
      for (const behaviour of member.off) pilot.switch(member.identification, behaviour, false);
    this.pilot = pilot;
    pilot.start();
  }

  /** Stops the autopilot members (a closing server). */
  async close(): Promise<void> {
    await this.pilot?.stop();
  }
}

function networkFile(choice: NetworkChoice): NetworkFile | undefined {
  if (choice === 'empty') return undefined;
  if (choice === 'demo') return demoNetwork;
  if (choice === 'demo-static') return demoMembersOnly;
  if (choice === 'vendor-standin') return standinNetwork;
  return choice;
}
