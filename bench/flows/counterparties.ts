/**
 * Two market makers made for one lane of a flow benchmark, listing each other and nobody else: a
 * quotation request of one reaches only the other, and each reads gateway queues that no other client
 * touches, so clients never contend for one quotation or consume each other's messages.
 */
import { randomBytes } from 'node:crypto';
import type { MarketMaker, SimulatorApi } from './simulator-api.ts';

/** `roles` name the two in their identifications (e.g. buyer, seller), so the simulator's state reads plainly. */
export async function newCounterparties(
  api: SimulatorApi,
  lane: number,
  roles: readonly [string, string],
): Promise<[MarketMaker, MarketMaker]> {
  const prefix = `bench${lane}-${randomBytes(4).toString('hex')}`;
  const first = await api.newMarketMaker(`${prefix}-${roles[0]}`, 'GB');
  const second = await api.newMarketMaker(`${prefix}-${roles[1]}`, 'SG');
  // Quotation requests and messages go between mutually allowlisted members only (semantics §6, §11).
  await api.request(first.identification, 'member.addToAllowlist', { body: second.identification });
  await api.request(second.identification, 'member.addToAllowlist', { body: first.identification });
  return [first, second];
}
