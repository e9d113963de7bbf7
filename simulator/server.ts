import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createApp } from './http/app.ts';
import { Simulator, type SimulatorOptions } from './simulator.ts';
import { isFaultName, type FaultName } from './faults/catalogue.ts';

export interface StartOptions extends Omit<SimulatorOptions, 'faults'> {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  faults?: string[];
}

export interface RunningSimulator {
  url: string;
  simulator: Simulator;
  close(): Promise<void>;
}

/** Starts the simulator on a real socket; used by `dss sim`, the embedded run and the tests. */
export async function startSimulator(options: StartOptions = {}): Promise<RunningSimulator> {
  const unknown = (options.faults ?? []).filter((name) => !isFaultName(name));
  if (unknown.length > 0) throw new Error(`unknown faults: ${unknown.join(', ')}`);
  const simulator = await Simulator.create({ ...options, faults: options.faults as FaultName[] | undefined });
  const app = createApp(simulator);
  const host = options.host ?? '127.0.0.1';
  const server: ServerType = await new Promise((resolve, reject) => {
    const started = serve({ fetch: app.fetch, port: options.port ?? 0, hostname: host }, () => resolve(started));
    started.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}`,
    simulator,
    close: () =>
      new Promise((resolve, reject) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
