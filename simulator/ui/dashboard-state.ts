/**
 * What the dashboard shows besides the sequence view, read from the current state in one go: members
 * with their allowlists and autopilot behaviours, balances, credit lines, quotations, payments,
 * redemptions, gateway queues and the latest ledger transactions. Lists are capped (newest kept) so the page stays light on
 * a long-running simulator.
 */
import { transactionJson } from '../ledger/transaction.ts';
import type { Quotation } from '../quotations/quotation.ts';
import type { Simulator } from '../simulator.ts';

const SHOWN = 100;

export function dashboardState(sim: Simulator) {
  const state = sim.state;
  const now = state.clock.now();
  const autopilot = new Map((sim.autopilot?.members() ?? []).map((member) => [member.identification, member]));
  const members = state.members.list();
  return {
    now,
    members: members.map((member) => {
      const pilot = autopilot.get(member.identification);
      return {
        identification: member.identification,
        role: member.business_role === 'MIS' ? 'tokenizer' : 'market maker',
        country: member.country_code,
        bic: member.bicfi,
        state: member.member_state,
        accounts: [...member.accounts.keys()],
        dsos: state.assets
          .issuedBy(member.identification)
          .filter((asset) => asset.asset_group_identification === 'DSO')
          .map((asset) => asset.asset_code_identification),
        allowlist: state.allowlists.list(member.identification),
        autopilot: pilot
          ? Object.keys(pilot.rules).map((behaviour) => ({ behaviour, on: !pilot.off.includes(behaviour as never) }))
          : [],
      };
    }),
    balances: state.ledger.balances().map((entry) => ({
      member: entry.holderMember,
      account: entry.holderAccount,
      asset: entry.assetCode,
      issuer: entry.issuer,
      balance: state.amounts.format(entry.balance),
    })),
    credit_lines: state.ledger.creditLines().map((line) => ({
      member: line.holderMember,
      account: line.holderAccount,
      asset: line.assetCode,
      issuer: line.issuer,
      state: line.state,
      limit: line.maximum_credit_limit,
    })),
    // Lists read from the newest end of their stores (the quotation book's index of the latest opened):
    // an update costs the same however much history is kept.
    quotations: state.quotations.newest(SHOWN, now).map(quotationRow),
    payments: state.payments.newest(SHOWN).map((payment) => ({
      instruction: payment.reference.identification.instructionIdentification,
      message: payment.reference.messageIdentification,
      ofi: payment.ofi.identification,
      rfi: payment.rfi.identification,
      amount: payment.terms.amount,
      asset: payment.terms.assetCode,
      issuer: payment.terms.issuer,
      status: payment.status,
      cancellation_requested: payment.cancellationRequested,
    })),
    // A redemption's life: requested (the member's pacs.009), then redeemed or rejected (the tokenizer's pacs.002).
    redemptions: state.redemptions.newest(SHOWN).map((redemption) => ({
      instruction: redemption.reference.identification.instructionIdentification,
      message: redemption.reference.messageIdentification,
      member: redemption.member.identification,
      tokenizer: redemption.tokenizer.identification,
      amount: redemption.terms.amount,
      asset: redemption.terms.assetCode,
      status: redemption.status,
    })),
    queues: state.gateway.pending(),
    transactions: state.ledger
      .newestTransactions(SHOWN)
      .map((transaction) => transactionJson(transaction, state.amounts)),
  };
}

function quotationRow(quotation: Quotation) {
  return {
    quotation_uuid: quotation.quotation_uuid,
    buyer: quotation.request.buyer,
    seller: quotation.seller,
    pair: `${quotation.request.base.code} → ${quotation.request.quoted.code}`,
    state: quotation.state,
    rate: quotation.answer?.info.foreign_exchange_rate,
  };
}
