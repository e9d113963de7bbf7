import { Fifo } from '../retention/fifo.ts';
import { defaultRetention, DroppedCounts } from '../retention/retention.ts';
import { accountKey, type AccountRef } from './transaction.ts';

/** A ledger notification, shaped exactly as the `transactions` gateway message (semantics §9). */
export interface LedgerNotification {
  transaction_identification: string;
  transaction_reference_number: number;
  account_identification: string;
  asset_code_identification: string;
  asset_issuer_identification: string;
  /** With the ledger's fraction digits (7 for the reference), as balances. */
  amount: string;
  direction: 'credit' | 'debit';
  timestamp: number;
}

/** Receives every notification with the member whose account it concerns (the gateway queues per member). */
export type NotificationListener = (member: string, notification: LedgerNotification) => void;

/**
 * Delivers notifications to listeners and keeps each account's recent history, because a listening
 * restart (`POST /digital-accounts/{account}/{reference}`) replays what came after a given reference.
 * The history is bounded per account (retention `notifications`): a restart from a reference older
 * than what is kept replays what is kept.
 */
export class NotificationLog {
  private readonly listeners: NotificationListener[] = [];
  private readonly history = new Map<string, Fifo<LedgerNotification>>();

  constructor(
    private readonly limit: number = defaultRetention.notifications,
    private readonly dropped: DroppedCounts = new DroppedCounts(),
  ) {}

  subscribe(listener: NotificationListener): void {
    this.listeners.push(listener);
  }

  detachListeners(): void {
    this.listeners.length = 0;
  }

  /** Frozen, because listeners and the history share the object. */
  publish(account: AccountRef, notification: LedgerNotification): void {
    Object.freeze(notification);
    const key = accountKey(account);
    let entries = this.history.get(key);
    if (!entries) this.history.set(key, (entries = new Fifo()));
    entries.push(notification);
    if (entries.length > this.limit) {
      entries.shift();
      this.dropped.add('notifications');
    }
    for (const listener of this.listeners) listener(account.member, notification);
  }

  /** Notifications of the account whose reference number is above `reference`, oldest first. */
  after(account: AccountRef, reference: number): LedgerNotification[] {
    return [...(this.history.get(accountKey(account)) ?? [])].filter(
      (entry) => entry.transaction_reference_number > reference,
    );
  }
}
