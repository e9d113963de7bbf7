import type { Principal } from '../auth/principal.ts';
import { requireAccount } from '../auth/authorize.ts';
import type { SimClock } from '../clock.ts';
import { DssError } from '../errors.ts';
import type { FaultSwitch } from '../faults/catalogue.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { GatewayQueues } from './queues.ts';

/**
 * The transaction listening service (semantics §9): every ledger notification goes to the
 * `transactions` queue of the member whose account it concerns. The simulator's listener never fails,
 * so listening is always on and a restart with `now` only confirms it; a restart with a reference
 * number is the recovery path, which enqueues again what came after that reference.
 */
export function deliverLedgerNotifications(ledger: Ledger, gateway: GatewayQueues): void {
  ledger.onNotification((member, notification) =>
    gateway.enqueue(member, 'transactions', 'transaction', notification, notification.timestamp),
  );
}

const REFERENCE_NUMBER = /^[1-9][0-9]{0,15}$/;

/**
 * The parts of the simulator's state a restart reads (state.ts builds them, and wires
 * deliverLedgerNotifications in): named here so that this module does not depend on the whole state.
 */
export interface ListeningParts {
  readonly clock: SimClock;
  readonly faults: FaultSwitch;
  readonly gateway: GatewayQueues;
  readonly ledger: Ledger;
}

/** `POST /digital-accounts/{account}/{reference}`. */
export function restartListening(state: ListeningParts, caller: Principal, account: string, reference: string): void {
  const member = caller.member.identification;
  if (!caller.member.accounts.has(account)) {
    throw new DssError('LISTENING-RESTART-REFUSED', `Member ${member} has no account ${account} to listen to.`);
  }
  requireAccount(caller, account);
  if (reference === 'now') return;
  const after = REFERENCE_NUMBER.test(reference) ? Number(reference) : NaN;
  if (!Number.isSafeInteger(after)) {
    throw new DssError(
      'LISTENING-REFERENCE-INVALID',
      `reference must be now or a positive transaction_reference_number, got ${JSON.stringify(reference)}.`,
    );
  }
  // Fault listening-restart-no-replay: the restart is acknowledged and nothing is sent again.
  if (state.faults.on('listening-restart-no-replay')) return;
  // Stamped with the time of the replay: the message is emitted now, its payload keeps the original time.
  const now = state.clock.now();
  for (const notification of state.ledger.notificationsAfter(member, account, after)) {
    state.gateway.enqueue(member, 'transactions', 'transaction', notification, now);
  }
}
