import { getRequestListener } from '@hono/node-server';
import { createServer } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createApp } from './http/app.ts';
import { answerMalformedHttp, unbuildableRequest } from './http/malformed-http.ts';
import { lingerOnUnreadBodies } from './http/lingering-close.ts';
import { Simulator, type SimulatorOptions } from './simulator.ts';
import { DurableState } from './durable/durable-state.ts';
import { parseFaultNames } from './faults/catalogue.ts';
import { parseReadingNames } from './readings/catalogue.ts';

export interface StartOptions extends Omit<SimulatorOptions, 'faults' | 'readings'> {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** Names of the catalogues' faults and readings: an unknown one refuses to start (parseFaultNames, parseReadingNames). */
  faults?: string[];
  readings?: string[];
  /** Serve HTTPS with this certificate and key (PEM); with `clientCa`, require client certificates it signed (mutual TLS). */
  tls?: SimulatorTls;
  /** Keep the network in this directory's durable store, and start from what it holds (simulator/durable/). */
  stateDir?: string;
  /** Where the durable store's messages go (a torn last record dropped); default stderr. */
  say?: (message: string) => void;
}

export interface SimulatorTls {
  cert: Buffer | string;
  key: Buffer | string;
  /** PEM of the CA(s) whose client certificates are accepted; absent: no client certificate asked for. */
  clientCa?: Buffer | string;
}

export interface RunningSimulator {
  url: string;
  simulator: Simulator;
  close(): Promise<void>;
}

/** Starts the simulator on a real socket; used by `dss sim`, the embedded run and the tests. */
export async function startSimulator(options: StartOptions = {}): Promise<RunningSimulator> {
  const simulator = await Simulator.create(
    {
      ...options,
      faults: parseFaultNames(options.faults ?? []),
      readings: parseReadingNames(options.readings ?? []),
    },
    createApp,
  );
  const app = simulator.app;
  const durable =
    options.stateDir === undefined
      ? undefined
      : (
          await DurableState.open(
            options.stateDir,
            simulator,
            options.say ?? ((message) => console.error(`dss: ${message}`)),
          )
        ).store;
  // With a durable store, an answer leaves once the record covering it is on disk.
  const fetch: typeof app.fetch = durable
    ? async (request, ...rest) => {
        const response = await app.fetch(request, ...rest);
        await durable.commit();
        return response;
      }
    : app.fetch;
  const host = options.host ?? '127.0.0.1';
  // The adapter's listener on a plain Node server (what `serve` builds), so that requests refused
  // before the app still get the spec's error body (http/malformed-http.ts).
  const listener = getRequestListener(fetch, {
    hostname: host,
    errorHandler: (error) => unbuildableRequest(simulator, error),
  });
  // With a client CA, a client without a certificate it signed is refused in the handshake.
  const tls = options.tls;
  const server = tls
    ? createTlsServer(
        {
          cert: tls.cert,
          key: tls.key,
          ...(tls.clientCa ? { ca: tls.clientCa, requestCert: true, rejectUnauthorized: true } : {}),
        },
        listener,
      )
    : createServer(listener);
  answerMalformedHttp(server, simulator);
  lingerOnUnreadBodies(server);
  // An Expect other than 100-continue may be ignored (RFC 9110 §10.1.1); Node alone answers a bare 417.
  server.on('checkExpectation', listener);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `${tls ? 'https' : 'http'}://${shownHost}:${port}`,
    simulator,
    close: () =>
      new Promise((resolve, reject) => {
        void simulator.close();
        durable?.close();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
