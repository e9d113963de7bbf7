/**
 * What every autopilot behaviour gets: the member's API (its own token), its rules, the simulator's
 * state for reading the clock and the member's own BIC, and the log of what it did with the rule that
 * fired (the activity log, shown on /ui).
 */
import type { Member } from '../members/registry.ts';
import type { SimState } from '../state.ts';
import type { MemberApi } from './member-api.ts';
import type { AutopilotRules } from './rules.ts';

export interface Pilot {
  state: SimState;
  api: MemberApi;
  member: Member;
  rules: AutopilotRules;
  /** The member's back office memory: what it accepted, funded or answered (per autopilot run). */
  memory: Map<string, unknown>;
  /** Records what it did; `about` is the member it answered or dealt with, when there is one. */
  log(rule: string, action: string, outcome: 'done' | 'skipped' | 'failed', detail?: string, about?: string): void;
  /** A fresh message identification of this member (GrpHdr/MsgId, Assgnmt/Id), at most 35 characters. */
  newIdentification(kind: string): string;
}
