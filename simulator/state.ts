import { SimClock } from './clock.ts';
import { MemberRegistry } from './members/registry.ts';
import { Allowlists } from './members/allowlist.ts';
import { AssetRegistry } from './assets/registry.ts';
import { TokenService } from './auth/tokens.ts';
import { PaymentPointDirectory } from './payment-points/directory.ts';
import { FaultSwitch, type FaultName } from './faults/catalogue.ts';
import { ReadingSwitch, type ReadingName } from './readings/catalogue.ts';
import { Ledger } from './ledger/ledger.ts';
import { readingsScale, type AmountScale } from './ledger/amount-scale.ts';
import { GatewayQueues } from './gateway/queues.ts';
import { deliverLedgerNotifications } from './gateway/listening.ts';
import { FundingBook } from './funding/funding-book.ts';
import { QuotationBook } from './quotations/book.ts';
import { MessageIdentifiers } from './iso20022/identifiers.ts';
import { PaymentBook } from './payments/payment.ts';
import { ServiceReports } from './payments/service-reports.ts';
import { RedemptionBook } from './redemption/redemption.ts';
import { ChargeBook } from './charges/charge-book.ts';
import { DroppedCounts, retentionOptions, type RetentionOptions } from './retention/retention.ts';
import { ActivityLog } from './activity/activity-log.ts';

/**
 * All state of one simulator, in one place. `POST /sim/reset` replaces it whole; nothing outside this
 * object remembers anything between calls. Domain modules receive the parts they need, never globals.
 */
export interface SimState {
  readonly clock: SimClock;
  readonly members: MemberRegistry;
  readonly allowlists: Allowlists;
  readonly assets: AssetRegistry;
  readonly ledger: Ledger;
  readonly tokens: TokenService;
  readonly paymentPoints: PaymentPointDirectory;
  readonly faults: FaultSwitch;
  /** The reading variants being played (readings/catalogue.ts): other behaviours the spec allows. */
  readonly readings: ReadingSwitch;
  /** The ledger's scale, from the readings: how the API's amounts are read and written (ledger/amount-scale.ts). */
  readonly amounts: AmountScale;
  readonly gateway: GatewayQueues;
  /** Funding instructions by end_to_end_identification. */
  readonly funding: FundingBook;
  /** Quotation requests and quotations, with their states. */
  readonly quotations: QuotationBook;
  /** The message and instruction identifiers each member has used in accepted ISO 20022 messages. */
  readonly messageIdentifiers: MessageIdentifiers;
  /** Payments (pacs.008 transactions) through their life, with their transaction records. */
  readonly payments: PaymentBook;
  /** Redemptions (pacs.009 transactions), open until their tokenizer answers. */
  readonly redemptions: RedemptionBook;
  /** Open charge (fee) requests, and the request_uuid each member has used. */
  readonly charges: ChargeBook;
  /** The service's own pacs.002 reports, numbered. */
  readonly serviceReports: ServiceReports;
  /** How much history the stores keep, and what they dropped so far (`GET /sim/retention`). */
  readonly retention: { readonly options: Readonly<RetentionOptions>; readonly dropped: DroppedCounts };
  /** Calls, gateway deliveries and autopilot actions, newest last (the dashboard's sequence view). */
  readonly activity: ActivityLog;
}

export interface StateOptions {
  /** Start instant of the clock (default: now). */
  clock?: number;
  /** Seed of the account keys; the same seed gives the same addresses. */
  networkSeed?: string;
  faults?: FaultName[];
  readings?: ReadingName[];
  /** Bounds of the stores that grow with traffic (retention/retention.ts); defaults for those not given. */
  retention?: Partial<RetentionOptions>;
}

export async function createState(options: StateOptions = {}): Promise<SimState> {
  const clock = new SimClock(options.clock);
  const members = new MemberRegistry(options.networkSeed ?? 'dss-reference-network');
  const faults = new FaultSwitch(options.faults);
  const readings = new ReadingSwitch(options.readings);
  const amounts = readingsScale(readings);
  const retention = { options: Object.freeze(retentionOptions(options.retention)), dropped: new DroppedCounts() };
  const { options: bounds, dropped } = retention;
  const ledger = new Ledger(clock, faults, bounds, dropped, amounts);
  const gateway = new GatewayQueues(faults, bounds.gatewayMessages, dropped, readings);
  const activity = new ActivityLog(clock);
  wireState({ ledger, gateway, activity });
  return {
    clock,
    members,
    allowlists: new Allowlists(),
    assets: new AssetRegistry(),
    ledger,
    tokens: await TokenService.create(clock, members, faults),
    paymentPoints: new PaymentPointDirectory(),
    faults,
    readings,
    amounts,
    gateway,
    funding: new FundingBook(bounds.fundingInstructions, dropped),
    quotations: new QuotationBook(bounds.quotations, dropped),
    messageIdentifiers: new MessageIdentifiers(bounds.messageIdentifiers, dropped),
    payments: new PaymentBook(bounds.payments, dropped),
    redemptions: new RedemptionBook(bounds.redemptions, dropped),
    charges: new ChargeBook(bounds.charges, dropped),
    serviceReports: new ServiceReports(clock),
    retention,
    activity,
  };
}

/**
 * The listeners that tie the stores together: ledger notifications go to the gateway's `transactions`
 * queues, every delivery is logged. A restored snapshot (snapshots/) is wired again here, so that its
 * stores notify each other and not the world they were copied from.
 */
export function wireState(state: Pick<SimState, 'ledger' | 'gateway' | 'activity'>): void {
  const { ledger, gateway, activity } = state;
  deliverLedgerNotifications(ledger, gateway);
  gateway.onEnqueue((member, queue, payload) => activity.record({ kind: 'delivery', member, queue, payload }));
}
