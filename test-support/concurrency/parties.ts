import type { AssetId } from '../../suites/flows/assets.ts';
import type { Party } from '../../suites/flows/party.ts';
import { DssClient } from '../../suites/runtime/client.ts';
import type { Actor } from '../../suites/runtime/fixtures.ts';
import { RecordingChannel } from '../../suites/runtime/recorder.ts';
import { directTransport } from '../../suites/runtime/transport.ts';

/**
 * The demo network's members as the harness's flows see them (suites/flows/): the USD tokenizer, which
 * also issues a second DSA so that exchanges have two assets to trade, and the four market makers with
 * their two operating accounts. Calls go through the harness's own client, over real sockets.
 */

export const TOKENIZER = 'tokenizer-usd';
export const MAKERS = ['mm-london', 'mm-singapore', 'mm-saopaulo', 'mm-nairobi'];
export const OPERATING = ['main', 'second'];
const SECOND_DSA = 'GBP';

export interface Parties {
  baseUrl: string;
  /** The tokenizer as an actor of the flows (`fund`, `openDsaLine` take one). */
  tokenizer: Actor;
  makers: Party[];
  /** Base and quoted asset of the exchanges: the tokenizer's USD and its second DSA. */
  assets: [AssetId, AssetId];
  /** Every status every client got, to judge that none was a 5xx. */
  statuses: number[];
}

async function control(baseUrl: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(
    `${baseUrl}/sim${path}`,
    body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) },
  );
  if (response.status !== 200)
    throw new Error(`control plane ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

export async function demoParties(baseUrl: string): Promise<Parties> {
  await control(baseUrl, '/assets', { tokenizer_identification: TOKENIZER, asset_code_identification: SECOND_DSA });
  const network = (await control(baseUrl, '/network')) as { members: Array<{ identification: string; token: string }> };
  const statuses: number[] = [];
  const clientOf = (identification: string) => {
    const token = network.members.find((member) => member.identification === identification)?.token;
    if (!token) throw new Error(`the demo network has no member ${identification}`);
    return new CountingClient(
      { baseUrl, token, timeoutMs: 15_000, recording: new RecordingChannel(), transport: directTransport },
      statuses,
    );
  };
  const assets: [AssetId, AssetId] = [
    { code: 'USD', issuer: TOKENIZER },
    { code: SECOND_DSA, issuer: TOKENIZER },
  ];
  return {
    baseUrl,
    tokenizer: {
      role: 'tokenizer',
      identification: TOKENIZER,
      accounts: OPERATING,
      assets: assets.map((asset) => ({
        asset_code_identification: asset.code,
        asset_issuer_identification: asset.issuer,
      })),
      client: clientOf(TOKENIZER),
      member: null,
    },
    makers: MAKERS.map((identification) => ({ identification, accounts: OPERATING, client: clientOf(identification) })),
    assets,
    statuses,
  };
}

/** The harness's client, also keeping every status it got. */
class CountingClient extends DssClient {
  constructor(
    options: ConstructorParameters<typeof DssClient>[0],
    private readonly statuses: number[],
  ) {
    super(options);
  }

  override async call(...args: Parameters<DssClient['call']>): ReturnType<DssClient['call']> {
    const response = await super.call(...args);
    this.statuses.push(response.status);
    return response;
  }
}
