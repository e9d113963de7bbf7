/**
 * simulator/ledger/: the ledger of the simulator (semantics §3, §4). Credit lines, balances, and the
 * transactions that move value between them, with their hashes, reference numbers and notifications.
 * Plain TypeScript, no HTTP. Who may act is not decided here: the routes check the caller, the
 * allowlist and the member state before they call the ledger.
 *
 * Every balance lives on a credit line (as on the network this spec derives from), so no account can
 * hold an asset without one. An issuer's `emission` account holds nothing of its own asset: value
 * paid out of it is minted, value paid into it is burned.
 */
import type { Clock } from '../clock.ts';
import { DssError } from '../errors.ts';
import { assetKey } from '../assets/registry.ts';
import { FaultSwitch } from '../faults/catalogue.ts';
import { EMISSION } from '../members/registry.ts';
import { ZERO_AMOUNT, addAmounts, amountFromWholeUnits, subtractAmounts, type Amount } from './amount.ts';
import { AmountScale } from './amount-scale.ts';
import { NotificationLog, type LedgerNotification, type NotificationListener } from './notifications.ts';
import { Fifo } from '../retention/fifo.ts';
import { defaultRetention, DroppedCounts, type RetentionOptions } from '../retention/retention.ts';
import { ownString } from '../retention/own.ts';
import {
  accountKey,
  transactionIdentification,
  type AccountRef,
  type AssetRef,
  type LedgerFailure,
  type LedgerTransaction,
  type Operation,
} from './transaction.ts';

export type { Amount } from './amount.ts';
export type { AccountRef, AssetRef, LedgerFailure, LedgerTransaction, Operation } from './transaction.ts';
export type { LedgerNotification, NotificationListener } from './notifications.ts';

export type CreditLineState = 'request' | 'allow' | 'revoke';

export interface CreditLine {
  holderMember: string;
  holderAccount: string;
  assetCode: string;
  issuer: string;
  /** Ceiling in whole units of the asset (an integer in the spec). */
  maximum_credit_limit: number;
  /** request: opened by the holder, not usable; allow: usable; revoke: balance kept, nothing moves. */
  state: CreditLineState;
  end_to_end_identification?: string;
}

export interface Balance {
  holderMember: string;
  holderAccount: string;
  assetCode: string;
  issuer: string;
  balance: Amount;
}

/** Totals of value created and destroyed for one asset; what is held equals minted - burned. */
export interface Issuance {
  minted: Amount;
  burned: Amount;
}

interface Holding {
  line: CreditLine;
  balance: Amount;
}

/** What a transaction would change, computed in full before anything is applied (all or nothing). */
interface Settlement {
  balances: Map<Holding, Amount>;
  issuances: Map<string, Issuance>;
}

export class Ledger {
  private readonly holdings = new Map<string, Holding>();
  private readonly issuances = new Map<string, Issuance>();
  /** The latest transaction records (retention `ledgerTransactions`); balances and totals never depend on them. */
  private readonly records = new Fifo<LedgerTransaction>();
  private readonly byIdentification = new Map<string, LedgerTransaction>();
  private readonly notifications: NotificationLog;
  private lastReference = 0;

  constructor(
    private readonly clock: Clock,
    private readonly faults: FaultSwitch = new FaultSwitch(),
    private readonly retention: Pick<RetentionOptions, 'ledgerTransactions' | 'notifications'> = defaultRetention,
    private readonly dropped: DroppedCounts = new DroppedCounts(),
    /** How amounts are written: the transaction hash, notifications and messages. */
    readonly amounts: AmountScale = new AmountScale(),
  ) {
    this.notifications = new NotificationLog(retention.notifications, dropped);
  }

  // ---- credit lines -------------------------------------------------------------------------------

  /**
   * Opens a credit line in state `request`, or changes the ceiling of an existing one. A repeated
   * request changes only the limit (and the end-to-end id when given), never the state: an allowed
   * line stays usable while its holder adjusts the ceiling, and a revoked line cannot be revived by
   * its holder, only by the issuer's `allow`.
   */
  requestCreditLine(
    member: string,
    account: string,
    asset: AssetRef,
    maximumCreditLimit: number,
    endToEndIdentification?: string,
  ): CreditLine {
    if (member === asset.issuer && account === EMISSION) {
      throw new DssError(
        'CREDIT-LINE-ISSUER-ACCOUNT',
        `the issuance account of ${member} issues ${asset.code}; it cannot hold it`,
      );
    }
    if (!Number.isSafeInteger(maximumCreditLimit) || maximumCreditLimit <= 0) {
      throw new DssError(
        'CREDIT-LINE-LIMIT-INVALID',
        `maximum_credit_limit must be a positive integer, got ${maximumCreditLimit}`,
      );
    }
    const key = holdingKey({ member, account }, asset);
    const existing = this.holdings.get(key);
    if (!existing) {
      const line: CreditLine = {
        holderMember: member,
        holderAccount: account,
        assetCode: asset.code,
        issuer: asset.issuer,
        maximum_credit_limit: maximumCreditLimit,
        state: 'request',
        ...(endToEndIdentification === undefined ? {} : { end_to_end_identification: endToEndIdentification }),
      };
      this.holdings.set(key, { line, balance: ZERO_AMOUNT });
      return { ...line };
    }
    if (amountFromWholeUnits(maximumCreditLimit) < existing.balance) {
      throw new DssError(
        'CREDIT-LINE-LIMIT-INVALID',
        `maximum_credit_limit ${maximumCreditLimit} is below the current balance ${this.amounts.format(existing.balance)}`,
      );
    }
    existing.line.maximum_credit_limit = maximumCreditLimit;
    if (endToEndIdentification !== undefined) existing.line.end_to_end_identification = endToEndIdentification;
    return { ...existing.line };
  }

  /** The issuer authorises an existing line (from `request` or `revoke`); allowing twice is harmless. */
  allowCreditLine(member: string, account: string, asset: AssetRef): CreditLine {
    return this.changeState(member, account, asset, 'allow');
  }

  /** The issuer de-authorises an existing line: the balance stays, but it can neither send nor receive. */
  revokeCreditLine(member: string, account: string, asset: AssetRef): CreditLine {
    return this.changeState(member, account, asset, 'revoke');
  }

  creditLine(member: string, account: string, asset: AssetRef): CreditLine | undefined {
    const holding = this.holdings.get(holdingKey({ member, account }, asset));
    return holding && { ...holding.line };
  }

  creditLines(): CreditLine[] {
    return [...this.holdings.values()].map((holding) => ({ ...holding.line }));
  }

  private changeState(member: string, account: string, asset: AssetRef, state: CreditLineState): CreditLine {
    const holding = this.holdings.get(holdingKey({ member, account }, asset));
    if (!holding) {
      throw new DssError(
        'CREDIT-LINE-NOT-FOUND',
        `${member}/${account} has not requested a credit line for ${assetLabel(asset)}`,
      );
    }
    holding.line.state = state;
    return { ...holding.line };
  }

  // ---- balances -----------------------------------------------------------------------------------

  /** undefined when the account has no credit line for the asset (the balance endpoint's 404). */
  balance(member: string, account: string, asset: AssetRef): Amount | undefined {
    return this.holdings.get(holdingKey({ member, account }, asset))?.balance;
  }

  /** Every holding of one account, whatever the state of its credit line. */
  balancesOf(member: string, account: string): Balance[] {
    return this.balances().filter((entry) => entry.holderMember === member && entry.holderAccount === account);
  }

  balances(): Balance[] {
    return [...this.holdings.values()].map(balanceView);
  }

  /** Every holder's balance of one asset (obligations: what others hold of a DSO). */
  holdingsOf(asset: AssetRef): Balance[] {
    return this.balances().filter((entry) => entry.assetCode === asset.code && entry.issuer === asset.issuer);
  }

  issuance(asset: AssetRef): Issuance {
    return {
      ...(this.issuances.get(assetKey(asset.code, asset.issuer)) ?? { minted: ZERO_AMOUNT, burned: ZERO_AMOUNT }),
    };
  }

  // ---- transactions -------------------------------------------------------------------------------

  /**
   * Applies the operations in order, all or none: each operation sees the effects of the earlier
   * ones, and if any fails nothing changes. Failed transactions are recorded too, with their hash
   * and reason, and returned rather than thrown, because callers answer with them (an exchange
   * `Rejected` carries the failed transaction's hash).
   */
  submit(operations: readonly Operation[], memo?: string): LedgerTransaction {
    return this.record(operations, memo, (recorded) => this.apply(this.settle(recorded)));
  }

  /**
   * Records a transaction that a rule of the service (not of the ledger) refused before it could be
   * applied, such as a mutual allowlist gone at exchange time: failed, with its hash, reference number
   * and reason, changing nothing, like any other failed transaction.
   */
  refuse(operations: readonly Operation[], failure: LedgerFailure, memo?: string): LedgerTransaction {
    return this.record(operations, memo, () => {
      throw new DssError(failure.code, failure.detail);
    });
  }

  private record(
    operations: readonly Operation[],
    memo: string | undefined,
    attempt: (recorded: Operation[]) => void,
  ): LedgerTransaction {
    const reference = ++this.lastReference;
    const timestamp = this.clock.now();
    // Copied so that the record keeps matching its hash whatever the caller does with its objects.
    const recorded = operations.map(copyOperation);
    // A memo cut from a larger text (a payment's from its message XML) would keep all of it alive.
    if (memo !== undefined) memo = ownString(memo);
    // Built by assignment in the record's key order, not by spreads: V8 gives each object a spread makes in
    // optimized code a hidden class of its own, about 300 bytes more per kept record (ledger.test.ts).
    const draft: { -readonly [K in keyof LedgerTransaction]?: LedgerTransaction[K] } = {
      // Fault transaction-id-reused: the hash covers the transfer alone, so identical transfers share one identifier.
      transaction_identification: this.faults.on('transaction-id-reused')
        ? transactionIdentification(0, 0, recorded, memo, this.amounts)
        : transactionIdentification(reference, timestamp, recorded, memo, this.amounts),
      transaction_reference_number: reference,
      timestamp,
      operations: recorded,
    };
    if (memo !== undefined) draft.memo = memo;
    try {
      attempt(recorded);
      draft.status = 'success';
    } catch (error) {
      if (!(error instanceof DssError)) throw error;
      draft.status = 'failed';
      draft.failure = { code: error.code, detail: error.detail };
    }
    const transaction = Object.freeze(draft as LedgerTransaction);
    this.records.push(transaction);
    this.byIdentification.set(transaction.transaction_identification, transaction);
    if (this.records.length > this.retention.ledgerTransactions) {
      this.byIdentification.delete(this.records.shift()!.transaction_identification);
      this.dropped.add('ledgerTransactions');
    }
    if (transaction.status === 'success') this.notify(transaction);
    return transaction;
  }

  /** The records kept, oldest first. */
  transactions(): readonly LedgerTransaction[] {
    return [...this.records];
  }

  /** The latest `count` records, newest first (the dashboard's listing). */
  newestTransactions(count: number): LedgerTransaction[] {
    return this.records.newest(count);
  }

  transaction(identification: string): LedgerTransaction | undefined {
    return this.byIdentification.get(identification);
  }

  // ---- notifications ------------------------------------------------------------------------------

  onNotification(listener: NotificationListener): void {
    this.notifications.subscribe(listener);
  }

  /** Forgets every notification listener: a restored copy (snapshots/) is wired again by its owner (state.ts). */
  detachListeners(): void {
    this.notifications.detachListeners();
  }

  /** For a listening restart: the account's notifications after reference number `reference`. */
  notificationsAfter(member: string, account: string, reference: number): LedgerNotification[] {
    return this.notifications.after({ member, account }, reference);
  }

  // ---- internals ----------------------------------------------------------------------------------

  /** Throws the DssError of the first operation that breaks a rule of semantics §4. */
  private settle(operations: readonly Operation[]): Settlement {
    if (operations.length === 0)
      throw new DssError('LEDGER-OPERATION-INVALID', 'a transaction needs at least one operation');
    const settlement: Settlement = { balances: new Map(), issuances: new Map() };
    operations.forEach((operation, index) => this.stage(settlement, operation, `operation ${index + 1}`));
    return settlement;
  }

  private stage(settlement: Settlement, { from, to, asset, amount }: Operation, where: string): void {
    if (amount <= 0n) throw new DssError('AMOUNT-INVALID', `${where}: the amount must be above zero`);
    if (accountKey(from) === accountKey(to)) {
      throw new DssError('LEDGER-OPERATION-INVALID', `${where}: ${accountKey(from)} cannot pay itself`);
    }
    const key = assetKey(asset.code, asset.issuer);
    // `issuance()` returns a copy, so staging never touches the committed totals.
    const issuance = settlement.issuances.get(key) ?? this.issuance(asset);
    settlement.issuances.set(key, issuance);

    if (isIssuanceAccount(from, asset)) {
      issuance.minted = addAmounts(issuance.minted, amount);
    } else {
      const sender = this.usableHolding(from, asset, where, 'sender');
      const balance = settlement.balances.get(sender) ?? sender.balance;
      if (balance < amount) {
        throw new DssError(
          'LEDGER-INSUFFICIENT-BALANCE',
          `${where}: ${accountKey(from)} holds ${this.amounts.format(balance)} ${asset.code}, cannot send ${this.amounts.format(amount)}`,
        );
      }
      settlement.balances.set(sender, subtractAmounts(balance, amount));
    }

    if (isIssuanceAccount(to, asset)) {
      issuance.burned = addAmounts(issuance.burned, amount);
    } else {
      const receiver = this.usableHolding(to, asset, where, 'receiver');
      const balance = addAmounts(settlement.balances.get(receiver) ?? receiver.balance, amount);
      // Fault credit-ceiling-not-enforced: the receiver's ceiling is not checked.
      if (
        balance > amountFromWholeUnits(receiver.line.maximum_credit_limit) &&
        !this.faults.on('credit-ceiling-not-enforced')
      ) {
        throw new DssError(
          'LEDGER-CEILING-EXCEEDED',
          `${where}: ${accountKey(to)} would hold ${this.amounts.format(balance)} ${asset.code}, above its ceiling ${receiver.line.maximum_credit_limit}`,
        );
      }
      settlement.balances.set(receiver, balance);
    }
  }

  private usableHolding(account: AccountRef, asset: AssetRef, where: string, role: 'sender' | 'receiver'): Holding {
    const holding = this.holdings.get(holdingKey(account, asset));
    // Fault revoked-line-still-usable: a revoked line moves value as if it were allowed.
    if (
      holding?.line.state === 'allow' ||
      (holding?.line.state === 'revoke' && this.faults.on('revoked-line-still-usable'))
    )
      return holding;
    const problem = !holding
      ? 'has no credit line'
      : holding.line.state === 'request'
        ? 'has a credit line not yet allowed'
        : 'has a revoked credit line';
    throw new DssError(
      'LEDGER-CREDIT-LINE-NOT-ALLOWED',
      `${where}: the ${role} ${accountKey(account)} ${problem} for ${assetLabel(asset)}`,
    );
  }

  private apply(settlement: Settlement): void {
    for (const [holding, balance] of settlement.balances) holding.balance = balance;
    for (const [key, issuance] of settlement.issuances) this.issuances.set(key, issuance);
  }

  private notify(transaction: LedgerTransaction): void {
    for (const { from, to, asset, amount } of transaction.operations) {
      const text = this.amounts.format(amount);
      this.notifications.publish(from, notificationOf(transaction, asset, text, from.account, 'debit'));
      this.notifications.publish(to, notificationOf(transaction, asset, text, to.account, 'credit'));
    }
  }
}

/**
 * One side's notification of an operation, as one literal in the message's key order: a spread of a
 * common part would give each kept notification a hidden class of its own in optimized code, which
 * made it cost about four times as much (ledger.test.ts).
 */
function notificationOf(
  transaction: LedgerTransaction,
  asset: AssetRef,
  amount: string,
  account: string,
  direction: LedgerNotification['direction'],
): LedgerNotification {
  return {
    transaction_identification: transaction.transaction_identification,
    transaction_reference_number: transaction.transaction_reference_number,
    asset_code_identification: asset.code,
    asset_issuer_identification: asset.issuer,
    amount,
    timestamp: transaction.timestamp,
    account_identification: account,
    direction,
  };
}

function holdingKey(account: AccountRef, asset: AssetRef): string {
  return `${accountKey(account)}|${assetKey(asset.code, asset.issuer)}`;
}

/** The issuer's `emission` account: value leaving it is minted, value arriving is burned. */
function isIssuanceAccount(account: AccountRef, asset: AssetRef): boolean {
  return account.member === asset.issuer && account.account === EMISSION;
}

function assetLabel(asset: AssetRef): string {
  return `${asset.code} issued by ${asset.issuer}`;
}

function balanceView({ line, balance }: Holding): Balance {
  return {
    holderMember: line.holderMember,
    holderAccount: line.holderAccount,
    assetCode: line.assetCode,
    issuer: line.issuer,
    balance,
  };
}

function copyOperation({ from, to, asset, amount }: Operation): Operation {
  return { from: { ...from }, to: { ...to }, asset: { ...asset }, amount };
}
