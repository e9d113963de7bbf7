/**
 * Which operations a check of the invariant property plays: the ledger family (credit lines, fundings,
 * replays, consolidations, allowlist changes, DSO issuance), or another family with some of the
 * ledger's commands beside it (fundings above all, and the line and allowlist changes that make its
 * operations fail), each check its own mix so that its default run stays a few seconds long.
 */
import fc from 'fast-check';
import type { LedgerCommand } from './command-base.ts';
import { LEDGER_WEIGHTS, ledgerCommands, type LedgerCommandName, type WeightedCommand } from './commands.ts';
import { exchangeCommands } from './exchange-commands.ts';
import { wholeUnits } from '../runtime/money.ts';
import { paymentCommands } from './payment-commands.ts';
import { paymentFollowUpCommands } from './payment-follow-up-commands.ts';
import { redemptionCommands } from './redemption-commands.ts';
import { allowlistPairs, type AssetRef, type ParticipantRole, type Universe } from './universe.ts';

export type CommandFamily = 'ledger' | 'exchange' | 'payments';

/** The ledger's commands beside another family: enough value and enough trouble for its operations. */
const SUPPORT_WEIGHTS: Readonly<Record<LedgerCommandName, number>> = {
  RequestCreditLine: 4,
  DecideCreditLine: 6,
  ChangeAllowlist: 6,
  IssueDso: 0,
  Fund: 24,
  InstructFunding: 0,
  SendInstructed: 0,
  ResendFunding: 0,
  ReuseFundingId: 0,
  Consolidate: 6,
};

const families: Record<CommandFamily, (universe: Universe) => WeightedCommand[]> = {
  ledger: (universe) => ledgerCommands(universe, LEDGER_WEIGHTS),
  exchange: (universe) => [...ledgerCommands(universe, SUPPORT_WEIGHTS), ...exchangeCommands(universe)],
  payments: (universe) => [
    ...ledgerCommands(universe, SUPPORT_WEIGHTS),
    ...paymentCommands(),
    ...paymentFollowUpCommands(),
    ...redemptionCommands(),
  ],
};

/** What each run of a check prepares, besides reading the balances, for its family's operations. */
export interface RunSetup {
  /**
   * The groups whose lines of the universe each run opens (requested and allowed) when missing, and
   * re-sizes and allows like the DSA lines when found; a DSO is issued first when it is not yet.
   */
  openLines: ReadonlyArray<AssetRef['group']>;
  /** Allowlist entries, `[holder, listed]`, that each run starts with. */
  allowlist: ReadonlyArray<readonly [ParticipantRole, ParticipantRole]>;
  /** What each DSA holding of the universe holds at least when a run starts (a funding tops it up); 0: as found. */
  minimumBalance: bigint;
}

/**
 * The ledger family starts from the lines, balances and allowlists as found, and walks them through its
 * own commands. An exchange needs four allowed lines, funds on both sides and the makers listing each
 * other; a payment the makers listing each other (and, in a DSO, the DSO issued and the other maker's
 * line for it allowed), a redemption a maker and the tokenizer: each run of those families starts with
 * them, so that its sequences exchange or pay rather than set up.
 */
export function runSetupOf(family: CommandFamily): RunSetup {
  switch (family) {
    case 'ledger':
      return { openLines: [], allowlist: [], minimumBalance: 0n };
    case 'exchange':
      return {
        openLines: ['DSA'],
        allowlist: [
          ['mmA', 'mmB'],
          ['mmB', 'mmA'],
        ],
        minimumBalance: wholeUnits(40),
      };
    case 'payments':
      return { openLines: ['DSA', 'DSO'], allowlist: allowlistPairs, minimumBalance: wholeUnits(40) };
  }
}

/** The command arbitrary for fc.commands: every command of the family, with its weight. */
export function invariantCommand(universe: Universe, family: CommandFamily): fc.Arbitrary<LedgerCommand> {
  return fc.oneof(...families[family](universe));
}
