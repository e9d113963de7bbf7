import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { createSecureContext } from 'node:tls';
import { startSimulator, type SimulatorTls } from '../../simulator/server.ts';
import { parseFaultNames } from '../../simulator/faults/catalogue.ts';
import { parseReadingNames, readingCatalogue } from '../../simulator/readings/catalogue.ts';
import { networkView } from '../../simulator/control/network-view.ts';
import { loadNetwork } from '../../simulator/network/load-network.ts';
import { NetworkFileError } from '../../simulator/network/network-file.ts';
import { caProblem } from '../../suites/runtime/tls-material.ts';
import { UserMistake } from '../../suites/runtime/user-mistake.ts';
import { integerOption, namesOption, parseOptions, UsageError } from './usage.ts';
import { parseRetention } from '../../simulator/retention/retention.ts';
import { StoreRefused } from '../../simulator/durable/journal.ts';
import { boundHeapGrowth } from '../../simulator/heap-growth.ts';
import { standinProfile } from './standin-profile.ts';

const help = `Usage: dss sim [options]
  --port <n>          port to listen on (default 4010; 0 picks a free one)
  --host <addr>       address to bind (default 127.0.0.1)
  --network <n>       demo (default: answering counterparties), demo-static (same members, nobody
                      answers), vendor-standin (a target for a first dss test --profile), empty,
                      or a network file (YAML; see docs/network.md)
  --print-profile <file>  with --network vendor-standin: write the target profile that acts as its
                      members, every optional credential with a fresh token (docs/profiles.md)
  --clock <ms>        start the clock at this instant (ms since the epoch)
  --faults <a,b>      switch on named faults (see GET /sim/faults)
  --readings <a,b>    play named reading variants: other behaviours the spec allows (docs/readings.md)
  --list-readings     list the reading variants with the spec lines that allow each, and exit
  --control-remote    serve the control plane /sim and the dashboard /ui to non-loopback clients too
  --tls-cert <file>   serve HTTPS with this certificate (PEM; with --tls-key)
  --tls-key <file>    the certificate's private key (PEM, not encrypted)
  --tls-client-ca <file>  require a client certificate signed by this CA (PEM): mutual TLS
  --retention <a=n,..> history kept at most per store (see GET /sim/retention and docs/semantics.md):
                      quotations, gatewayMessages, ledgerTransactions, notifications, payments,
                      messageIdentifiers, fundingInstructions, charges, redemptions
  --state-dir <dir>   keep the network in this directory and start from what it holds, clock included
                      (an answer waits for its change to be on disk; docs/state.md)`;

export async function runSim(args: string[]): Promise<number> {
  const { values } = parseOptions(
    args,
    {
      port: { type: 'string' },
      host: { type: 'string' },
      network: { type: 'string' },
      'print-profile': { type: 'string' },
      clock: { type: 'string' },
      faults: { type: 'string' },
      readings: { type: 'string' },
      'list-readings': { type: 'boolean' },
      'control-remote': { type: 'boolean' },
      retention: { type: 'string' },
      'tls-cert': { type: 'string' },
      'tls-key': { type: 'string' },
      'tls-client-ca': { type: 'string' },
      'state-dir': { type: 'string' },
    },
    help,
  );
  if (values.help) {
    console.log(help);
    return 0;
  }
  if (values['list-readings']) {
    console.log(readingListing());
    return 0;
  }
  let network;
  try {
    network = loadNetwork(values.network ?? 'demo');
  } catch (error) {
    if (error instanceof NetworkFileError) throw new UsageError(error.message);
    throw error;
  }
  const profileFile = values['print-profile'];
  // Only the stand-in has the members a complete profile names, and nobody else reading their queues.
  if (profileFile !== undefined && network !== 'vendor-standin')
    throw new UsageError(
      `--print-profile writes the profile of --network vendor-standin only, the network made for it; this one is ${typeof network === 'string' ? network : 'a network file'}`,
    );
  const faults = namesOption(parseFaultNames, values.faults ?? '');
  const readings = namesOption(parseReadingNames, values.readings ?? '');

  let retention;
  try {
    retention = parseRetention(values.retention ?? '');
  } catch (error) {
    throw new UsageError(`--retention: ${(error as Error).message}`);
  }

  const tls = tlsOptions(values['tls-cert'], values['tls-key'], values['tls-client-ca']);

  const port = integerOption('port', values.port, 0, 65535) ?? 4010;
  const host = values.host ?? '127.0.0.1';
  // This process exists to run the simulator, for hours under load maybe: its memory should follow its history.
  boundHeapGrowth();
  const running = await startSimulator({
    port,
    host,
    network,
    clock: integerOption('clock', values.clock, 0, Number.MAX_SAFE_INTEGER),
    faults,
    readings,
    controlFromAnywhere: values['control-remote'] ?? false,
    retention,
    ...(tls ? { tls } : {}),
    ...(values['state-dir'] === undefined ? {} : { stateDir: values['state-dir'] }),
  }).catch((error: unknown) => {
    if (error instanceof StoreRefused) throw new UsageError(`--state-dir: ${error.message}`);
    throw listenMistake(error, host, port) ?? error;
  });
  // Written before the first line, so that whoever waits for "listening on" finds the file there.
  if (profileFile !== undefined)
    await writeProfile(profileFile, await standinProfile(running.simulator.state, running.url), running.close);
  console.log(`DSS reference simulator listening on ${running.url}`);
  console.log(`  tokenizer interface  ${running.url}/tokenizer/v1/api`);
  console.log(`  member interface     ${running.url}/client/v1/api`);
  console.log(`  API docs             ${running.url}/docs   (OpenAPI: ${running.url}/openapi.json)`);
  console.log(`  control plane        ${running.url}/sim`);
  console.log(`  dashboard            ${running.url}/ui`);
  if (profileFile !== undefined)
    console.log(
      `  target profile       ${profileFile} (control: none; its tokens are valid 15 minutes): dss test --profile ${profileFile}`,
    );
  if (tls)
    console.log(
      `  TLS                  ${tls.clientCa ? `mutual: a client certificate signed by ${values['tls-client-ca']} is required` : 'server certificate only'}`,
    );
  if (values['state-dir'] !== undefined) console.log(`  state kept in        ${values['state-dir']}`);
  if (faults.length > 0) console.log(`  faults ON            ${faults.join(', ')}`);
  const played = running.simulator.state.readings.list();
  if (played.length > 0) console.log(`  readings played      ${played.join(', ')}`);
  const view = await networkView(running.simulator.state);
  if (view.members.length > 0) {
    console.log(
      '\nManager tokens (valid 15 minutes; renew with GET /client/v1/api/oauth-token/refresh, or get new ones from GET /sim/network):',
    );
    for (const member of view.members)
      console.log(`  ${member.identification.padEnd(16)} ${member.business_role}  ${member.token}`);
  }
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await running.close();
  return 0;
}

/** The profile holds tokens: readable by its owner only. A file that cannot be written closes the simulator just started. */
async function writeProfile(file: string, text: string, close: () => Promise<void>): Promise<void> {
  try {
    writeFileSync(file, text, { mode: 0o600 });
    chmodSync(file, 0o600);
  } catch (error) {
    await close();
    throw new UserMistake(`--print-profile: cannot write ${file}: ${(error as Error).message}`);
  }
}

/**
 * `--tls-cert`, `--tls-key` and `--tls-client-ca` read and tried once here, so that a wrong file is one
 * line naming the option, not a failure of the server's start.
 */
function tlsOptions(
  certFile: string | undefined,
  keyFile: string | undefined,
  clientCaFile: string | undefined,
): SimulatorTls | null {
  if (certFile === undefined && keyFile === undefined) {
    if (clientCaFile !== undefined)
      throw new UsageError(
        '--tls-client-ca needs --tls-cert and --tls-key: client certificates are asked for over HTTPS only',
      );
    return null;
  }
  if (certFile === undefined || keyFile === undefined)
    throw new UsageError(
      `${certFile === undefined ? '--tls-key needs --tls-cert' : '--tls-cert needs --tls-key'}: the server's certificate and its private key, both PEM`,
    );
  const read = (option: string, file: string) => {
    try {
      return readFileSync(file);
    } catch (error) {
      throw new UsageError(`${option}: cannot read ${file}: ${(error as Error).message}`);
    }
  };
  const tls: SimulatorTls = { cert: read('--tls-cert', certFile), key: read('--tls-key', keyFile) };
  if (clientCaFile !== undefined) tls.clientCa = read('--tls-client-ca', clientCaFile);
  try {
    createSecureContext({ cert: tls.cert, key: tls.key });
  } catch (error) {
    throw new UsageError(
      `--tls-cert ${certFile} with --tls-key ${keyFile} cannot serve HTTPS: ${(error as Error).message} (both must be PEM, the key the certificate's own and not encrypted)`,
    );
  }
  const problem = tls.clientCa ? caProblem(tls.clientCa.toString('latin1')) : null;
  if (problem) throw new UsageError(`--tls-client-ca ${clientCaFile} ${problem}`);
  return tls;
}

/** `dss sim --list-readings`: each variant, the spec lines that allow it, and what a profile declares for it. */
function readingListing(): string {
  return Object.entries(readingCatalogue)
    .map(([name, reading]) => {
      const declares = Object.entries(reading.declares)
        .map(([key, value]) => `${key}: ${value}`)
        .join(', ');
      return `${name}\n  ${reading.description}\n  spec lines ${reading.spec_lines.join(', ')}; a profile declares ${declares ? `readings: { ${declares} }` : 'nothing (the harness accepts it as it is)'}`;
    })
    .join('\n\n');
}

/** The address cannot be listened on: the user's to change (another port, another host), said in one paragraph. */
function listenMistake(error: unknown, host: string, port: number): UserMistake | null {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'EADDRINUSE')
    return new UserMistake(
      `port ${port} on ${host} is already in use (EADDRINUSE): stop what listens there, or choose another port; --port 0 picks a free one.`,
    );
  if (code === 'EACCES')
    return new UserMistake(
      `not allowed to listen on port ${port} on ${host} (EACCES): ports below 1024 need privileges; choose a higher port, or --port 0 for a free one.`,
    );
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
    return new UserMistake(
      `cannot listen on ${host} (${code}): it is not an address of this machine; try --host 127.0.0.1 or --host 0.0.0.0.`,
    );
  return null;
}
