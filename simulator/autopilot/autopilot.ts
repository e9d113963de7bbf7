/**
 * simulator/autopilot/: members of the network that answer by themselves, by the rules of the network
 * file (rules.ts). They watch what reaches them — deliveries on their gateway queues, and the calls
 * that concern them (a member listing them, a credit line requested of them) — in the activity log, and
 * after their delay on the simulator's clock they act through the API as the member, with its own token
 * and keys (member-api.ts). Every action is logged with the rule that fired. Switching a behaviour off
 * (`/ui`) stops it at once; members with no rules are never touched.
 */
import { randomBytes } from 'node:crypto';
import { seededRandom } from '../../protocol/seeded-random.ts';
import type { GatewayMessageType } from '../../schemas/enumerations.ts';
import type { ActivityEntry, CallEntry } from '../activity/activity-log.ts';
import { deliveredPayload } from '../gateway/queues.ts';
import type { SimState } from '../state.ts';
import { isQuotationRequest, answerQuotationRequest } from './market-maker.ts';
import { CallRefused, MemberApi, type AppFetch } from './member-api.ts';
import { readIncoming } from './incoming-message.ts';
import type { Pilot } from './pilot.ts';
import { answerCancellation, answerCharge, answerObligationNotice, answerPayments, isChargeRequest } from './rfi.ts';
import type { AutopilotRules } from './rules.ts';
import { answerLineRequest, answerRedemptions } from './tokenizer.ts';
import { sendPayment } from './payer.ts';
import { exchangeBest, requestQuotations } from './buyer.ts';
import { allowDsoLine } from './value-calls.ts';
import { defaultDsoAccount } from '../credit-lines/dso-holding-account.ts';
import { VirtualTimers } from './virtual-timers.ts';
import { requestDsoLines } from './dso-lines.ts';

/** The behaviours a member can have, as /ui switches them. */
export const behaviours = [
  'allowlist_back',
  'allow_dso_credit_lines',
  'market_maker',
  'rfi',
  'tokenizer',
  'payments',
  'exchanges',
] as const;
export type Behaviour = (typeof behaviours)[number];

export interface AutopilotMember {
  identification: string;
  rules: AutopilotRules;
  /** Behaviours switched off by hand. */
  off: Behaviour[];
}

/** What starts the autopilot again on a restored or reloaded network: its members as they are, and their delay. */
export interface AutopilotSetup {
  readonly members: AutopilotMember[];
  readonly delayMs: number;
}

export class Autopilot {
  private readonly pilots = new Map<string, Pilot & { off: Set<Behaviour>; random: () => number }>();
  private readonly timers: VirtualTimers;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly state: SimState,
    fetch: AppFetch,
    members: Array<{ identification: string; rules: AutopilotRules }>,
    readonly delayMs: number,
  ) {
    this.timers = new VirtualTimers(state.clock);
    for (const { identification, rules } of members) {
      const member = state.members.get(identification);
      if (!member) continue;
      const memberLog = (
        rule: string,
        action: string,
        outcome: 'done' | 'skipped' | 'failed',
        detail?: string,
        about?: string,
      ) =>
        state.activity.record({
          kind: 'autopilot',
          member: identification,
          rule,
          action,
          outcome,
          ...(detail === undefined ? {} : { detail }),
          ...(about === undefined ? {} : { about }),
        });
      this.pilots.set(identification, {
        state,
        api: new MemberApi(state, fetch, identification),
        member,
        rules,
        memory: new Map(),
        log: memberLog,
        newIdentification: (kind) => `${member.bicfi.slice(0, 8)}-${kind}-${randomBytes(8).toString('hex')}`,
        off: new Set(),
        random: seededRandom(rules.rfi?.seed ?? 1),
      });
    }
  }

  start(): void {
    this.unsubscribe = this.state.activity.subscribe((entry) => this.notice(entry));
    // What the network file's opening calls put on their queues (ledger notifications) is read too.
    for (const member of this.pilots.keys()) this.delivered(member, 'transactions');
    for (const pilot of this.pilots.values()) {
      if (pilot.rules.payments) this.payLater(pilot);
      if (pilot.rules.exchanges) this.buyLater(pilot);
    }
  }

  /** The next request of a buyer sending traffic, `every_ms` from now, and its exchange `wait_ms` after it. */
  private buyLater(pilot: Pilot & { off: Set<Behaviour> }): void {
    const traffic = pilot.rules.exchanges!;
    const member = pilot.member.identification;
    this.timers.at(this.state.clock.now() + traffic.every_ms, `buy ${member}`, async () => {
      const what = `request ${traffic.base} → ${traffic.quoted} quotations`;
      if (this.active(pilot, 'exchanges', what)) {
        await this.attempt(pilot, 'exchanges', what, async () => {
          const requestUuid = await requestQuotations(pilot, traffic);
          if (!requestUuid) return;
          this.timers.at(this.state.clock.now() + (traffic.wait_ms ?? 1000), `exchange ${requestUuid}`, () =>
            this.attempt(pilot, 'exchanges', `exchange on request ${requestUuid}`, () =>
              exchangeBest(pilot, traffic, requestUuid),
            ),
          );
        });
      }
      this.buyLater(pilot);
    });
  }

  /** The next payment of an OFI sending traffic, `every_ms` from now; each one schedules the next. */
  private payLater(pilot: Pilot & { off: Set<Behaviour> }): void {
    const traffic = pilot.rules.payments!;
    this.timers.at(this.state.clock.now() + traffic.every_ms, `pay ${pilot.member.identification}`, async () => {
      const what = `pay ${traffic.amount} ${traffic.currency} to ${traffic.to}`;
      if (this.active(pilot, 'payments', what))
        await this.attempt(pilot, 'payments', what, () => sendPayment(pilot, traffic));
      this.payLater(pilot);
    });
  }

  stop(): Promise<void> {
    this.unsubscribe?.();
    return this.timers.stop();
  }

  /** Resolves once every action due by now has run. */
  idle(): Promise<void> {
    return this.timers.idle();
  }

  members(): AutopilotMember[] {
    return [...this.pilots.values()].map((pilot) => ({
      identification: pilot.member.identification,
      rules: pilot.rules,
      off: [...pilot.off],
    }));
  }

  /** Switches one behaviour of one member; false when the member has no such rule. */
  switch(member: string, behaviour: Behaviour, on: boolean): boolean {
    const pilot = this.pilots.get(member);
    if (!pilot || pilot.rules[behaviour] === undefined) return false;
    if (on) pilot.off.delete(behaviour);
    else pilot.off.add(behaviour);
    return true;
  }

  private notice(entry: ActivityEntry): void {
    if (entry.kind === 'delivery') this.delivered(entry.member, entry.queue);
    else if (entry.kind === 'call' && entry.status === 200 && entry.member) this.called(entry);
  }

  /** A delivery to an autopilot member: it reads that queue after its delay, as a member polling it would. */
  private delivered(member: string, queue: GatewayMessageType): void {
    const pilot = this.pilots.get(member);
    if (!pilot) return;
    this.later(`read ${member} ${queue}`, pilot, 'gateway', `read the ${queue} queue`, async () => {
      const messages = (await pilot.api.request('member.readGatewayMessages', { query: { type: queue } })) as Array<{
        response_data: object[];
      }>;
      for (const data of messages.flatMap((message) => message.response_data))
        await this.handle(pilot, queue, deliveredPayload(this.state.readings, data));
    });
  }

  private async handle(
    member: Pilot & { off: Set<Behaviour>; random: () => number },
    queue: GatewayMessageType,
    payload: object,
  ): Promise<void> {
    const message = queue === 'payment' ? readIncoming(payload) : undefined;
    const pilot = dealingWith(member, message ? message.sender : senderOf(queue, payload));
    const { rules, off } = pilot;
    const on = (behaviour: Behaviour) => this.active(pilot, behaviour, `answer a ${queue} message`);
    if (queue === 'quotations' && isQuotationRequest(payload)) {
      if (on('market_maker'))
        await this.attempt(pilot, 'market_maker.pairs', `quote ${payload.quotation_uuid}`, () =>
          answerQuotationRequest(pilot, rules.market_maker!, payload),
        );
    } else if (queue === 'charge' && isChargeRequest(payload)) {
      if (on('rfi'))
        await this.attempt(pilot, 'rfi.fee', `answer charge request ${payload.request_uuid}`, () =>
          answerCharge(pilot, rules.rfi!, payload),
        );
    } else if (queue === 'payment') {
      if (!message || !message.sender) return;
      if (message.type === 'pacs.008.001.08' && on('rfi')) {
        await this.attempt(pilot, 'rfi', 'answer a payment', () =>
          answerPayments(pilot, rules.rfi!, message.content, pilot.random),
        );
      } else if (message.type === 'camt.056.001.08' && on('rfi')) {
        await this.attempt(pilot, 'rfi.cancellations', 'answer a cancellation request', () =>
          answerCancellation(pilot, rules.rfi!, message.content),
        );
      } else if (message.type === 'SVC.002.001.01' && on('rfi')) {
        await this.attempt(pilot, 'rfi.obligations', 'answer an obligation notice', () =>
          answerObligationNotice(pilot, rules.rfi!, message.content),
        );
      } else if (message.type === 'pacs.009.001.08' && on('tokenizer')) {
        await this.attempt(pilot, 'tokenizer.redemptions', 'answer a redemption', () =>
          answerRedemptions(pilot, rules.tokenizer!, message.content),
        );
      } else if (message.type === 'camt.026.001.07' || message.type === 'camt.087.001.06') {
        // The spec names these types and no answer to them; the service relays them and moves nothing (semantics, Payments).
        const about = message.content.transactions[0]?.original?.instructionIdentification ?? 'a payment';
        pilot.log(
          'investigations',
          `read the ${message.type.slice(0, 8)} of ${message.sender} about ${about}`,
          'skipped',
          'the spec defines no answer to it',
        );
      }
    }
  }

  /** Calls that concern an autopilot member though nothing reaches its queues: being listed, a line requested of it. */
  private called(entry: CallEntry): void {
    const caller = entry.member!;
    const pilotOf = (member: string | undefined) => {
      const pilot = member === undefined ? undefined : this.pilots.get(member);
      return pilot && dealingWith(pilot, caller);
    };
    if (entry.endpoint === 'member.addToAllowlist') {
      const listed =
        typeof entry.request === 'string'
          ? entry.request
          : (entry.request as { member_identification?: string } | undefined)?.member_identification;
      const pilot = pilotOf(listed);
      if (!pilot || listed === caller || !this.active(pilot, 'allowlist_back', `list ${caller} back`)) return;
      this.later(`allowlist ${listed} ${caller}`, pilot, 'allowlist_back', `list ${caller} back`, async () => {
        const list = (await pilot.api.request('member.getAllowlist')) as string[];
        if (!list.includes(caller)) {
          await pilot.api.request('member.addToAllowlist', { body: caller });
          pilot.log('allowlist_back', `list ${caller} back`, 'done', `${caller} put ${listed} on its allowlist`);
        }
        pilot.memory.set(listsKey(caller), true);
        const ceiling = pilot.rules.rfi?.dso_credit_lines;
        if (ceiling !== undefined && this.active(pilot, 'rfi', `ask ${caller} for lines on its DSOs`))
          await requestDsoLines(pilot, ceiling, caller);
      });
    } else if (entry.endpoint === 'member.issueSettlementInstrument') {
      const code = entry.query?.asset_code_identification;
      for (const member of this.pilots.keys()) {
        const pilot = pilotOf(member)!;
        const ceiling = pilot.rules.rfi?.dso_credit_lines;
        if (
          ceiling === undefined ||
          code === undefined ||
          !pilot.memory.has(listsKey(caller)) ||
          !this.active(pilot, 'rfi', `ask ${caller} for a ${code} line`)
        )
          continue;
        this.later(
          `dso line ${pilot.member.identification} ${caller} ${code}`,
          pilot,
          'rfi.dso_credit_lines',
          `ask ${caller} for a ${code} line`,
          () => requestDsoLines(pilot, ceiling, caller, [code]),
        );
      }
    } else if (entry.endpoint === 'member.changeCreditLine') {
      const change = entry.request as
        | {
            credit_line_state?: string;
            member_identification?: string;
            account_identification?: string;
            asset_code_identification?: string;
            maximum_credit_limit?: number;
          }
        | undefined;
      if (change?.credit_line_state !== 'request' || !change.member_identification) return;
      const pilot = pilotOf(change.member_identification);
      if (!pilot) return;
      const request = {
        holder: caller,
        account: change.account_identification ?? 'main',
        code: change.asset_code_identification ?? '',
        limit: change.maximum_credit_limit ?? 0,
      };
      const isDso = request.code.endsWith('DSO');
      if (!isDso && this.active(pilot, 'tokenizer', `answer the ${request.code} line request of ${caller}`)) {
        this.later(
          `line ${pilot.member.identification} ${caller} ${request.account} ${request.code}`,
          pilot,
          'tokenizer.credit_lines',
          `answer the ${request.code} line request of ${caller}`,
          () => answerLineRequest(pilot, pilot.rules.tokenizer!, request),
        );
      } else if (isDso && this.active(pilot, 'allow_dso_credit_lines', `allow the ${request.code} line of ${caller}`)) {
        this.later(
          `line ${pilot.member.identification} ${caller} ${request.code}`,
          pilot,
          'allow_dso_credit_lines',
          `allow the ${request.code} line of ${caller}`,
          async () => {
            await allowDsoLine(pilot.api, caller, request.code, defaultDsoAccount(pilot.state));
            pilot.log(
              'allow_dso_credit_lines',
              `allow the ${request.code} line of ${caller}`,
              'done',
              'allow_dso_credit_lines: true',
            );
          },
        );
      }
    }
  }

  private active(pilot: Pilot & { off: Set<Behaviour> }, behaviour: Behaviour, what: string): boolean {
    if (pilot.rules[behaviour] !== undefined && pilot.off.has(behaviour))
      pilot.log(behaviour, what, 'skipped', `${behaviour} is switched off`);
    return pilot.rules[behaviour] !== undefined && !pilot.off.has(behaviour);
  }

  /** Runs `action` after the delay, logging a failure under `rule` instead of letting it escape. */
  private later(key: string, pilot: Pilot, rule: string, what: string, action: () => Promise<void>): void {
    this.timers.at(this.state.clock.now() + this.delayMs, key, () => this.attempt(pilot, rule, what, action));
  }

  private async attempt(pilot: Pilot, rule: string, what: string, action: () => Promise<void>): Promise<void> {
    try {
      await action();
    } catch (error) {
      pilot.log(
        rule,
        what,
        'failed',
        error instanceof CallRefused ? error.message : String((error as Error).stack ?? error),
      );
    }
  }
}

/**
 * The pilot as it deals with `counterpart`: the same member, whose log entries name the counterpart as
 * what they are about, so that the dashboard's view of that member shows the answers it got.
 */
function dealingWith<P extends Pilot>(pilot: P, counterpart: string | undefined): P {
  if (counterpart === undefined) return pilot;
  return {
    ...pilot,
    log: (rule, action, outcome, detail, about) => pilot.log(rule, action, outcome, detail, about ?? counterpart),
  };
}

/** Who sent a delivered quotation request or charge request, as its payload says. */
function senderOf(queue: GatewayMessageType, payload: object): string | undefined {
  if (queue === 'quotations' && isQuotationRequest(payload))
    return payload.request_quotation[0]?.buyer_member_identification;
  const sender = (payload as { sender?: unknown }).sender;
  return typeof sender === 'string' ? sender : undefined;
}

/** Memory of an autopilot member: it has listed this member (back), so it deals with it. */
function listsKey(member: string): string {
  return `lists:${member}`;
}
