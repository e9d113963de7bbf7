import { accountKey, type AccountRef } from './transaction.ts';

/** A ledger notification, shaped exactly as the `transactions` gateway message (semantics §9). */
export interface LedgerNotification {
  transaction_identification: string;
  transaction_reference_number: number;
  account_identification: string;
  asset_code_identification: string;
  asset_issuer_identification: string;
  /** 7 fraction digits, as balances. */
  amount: string;
  direction: 'credit' | 'debit';
  timestamp: number;
}

/** Receives every notification with the member whose account it concerns (the gateway queues per member). */
export type NotificationListener = (member: string, notification: LedgerNotification) => void;

/**
 * Delivers notifications to listeners and keeps every account's history, because a listening restart
 * (`POST /digital-accounts/{account}/{reference}`) replays what came after a given reference.
 */
export class NotificationLog {
  private readonly listeners: NotificationListener[] = [];
  private readonly history = new Map<string, LedgerNotification[]>();

  subscribe(listener: NotificationListener): void {
    this.listeners.push(listener);
  }

  /** Frozen, because listeners and the history share the object. */
  publish(account: AccountRef, notification: LedgerNotification): void {
    Object.freeze(notification);
    const key = accountKey(account);
    const entries = this.history.get(key) ?? [];
    entries.push(notification);
    this.history.set(key, entries);
    for (const listener of this.listeners) listener(account.member, notification);
  }

  /** Notifications of the account whose reference number is above `reference`, oldest first. */
  after(account: AccountRef, reference: number): LedgerNotification[] {
    return (this.history.get(accountKey(account)) ?? []).filter((entry) => entry.transaction_reference_number > reference);
  }
}
