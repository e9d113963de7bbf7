import { randomBytes } from 'node:crypto';
import { creditTransfer, redemptionRequest } from '../schemas/iso20022/message-builders.ts';
import { authorizedAssets, type AssetId } from '../suites/flows/assets.ts';
import { balanceOf, units } from '../suites/flows/balances.ts';
import { newChargeRequest, requestCharge } from '../suites/flows/charges.ts';
import { ceilingWithRoom, decideAsMember, openDsaLine, requestCreditLine } from '../suites/flows/credit-lines.ts';
import { exchangeResultOf, exchangeTerms, postExchange, signExchange } from '../suites/flows/exchange.ts';
import { fund } from '../suites/flows/funding.ts';
import { allowMutually, exchangeAssets, type Market } from '../suites/flows/market.ts';
import {
  expectAccepted,
  messageMember,
  postMessage,
  signedMessage,
  type MessageStep,
} from '../suites/flows/messages.ts';
import { newPayment, newRedemption, paymentSent } from '../suites/flows/payments.ts';
import { answered, offer, quotationTerms, requested } from '../suites/flows/quotations.ts';
import { expectStatus } from '../suites/runtime/check.ts';
import { CheckFailure } from '../suites/runtime/check-failure.ts';
import { DssClient } from '../suites/runtime/client.ts';
import type { ControlClient, SimMember } from '../suites/runtime/control.ts';
import type { Actor } from '../suites/runtime/fixtures.ts';
import type { RequiredRole } from '../suites/runtime/profile.ts';
import { formatUnits } from '../suites/runtime/money.ts';
import { RecordingChannel } from '../suites/runtime/recorder.ts';
import { OPERATING_ACCOUNTS, operatingAccounts, randomBic, tokenizerAssets } from '../suites/runtime/sim-members.ts';
import { directTransport } from '../suites/runtime/transport.ts';

/**
 * Someone else at work on a vendor's staging between two runs of `dss test` (docs/ci.md, "A staging that
 * remembers"): a colleague, another pipeline, a partner bank. It acts through the spec's API only (the
 * proxy that hides `/sim`), with tokens of its own for the profile's tokenizer and market makers, as a
 * portal issues them, and with an outside market maker of its own that the makers deal with. What it
 * leaves is what the next run must cope with:
 *
 * - every holding of the makers above HIGH_BALANCE, the largest ceiling a scenario or check used to ask
 *   for: each DSA of the tokenizer on each operating account (funded), and each DSO an `emission`
 *   account may hold (bought from its issuer in an exchange);
 * - open quotations both ways between the makers and from the outsider, some answered, some waiting,
 *   on the very terms the checks' own requests use;
 * - unread gateway messages on every queue of the profile's members: the quotation requests and answers,
 *   payments (pacs.008) nobody answers, a redemption request (pacs.009) to the tokenizer, fee requests,
 *   and the `transactions` notices of all of it;
 * - end-to-end identifications spent: every funding, payment and redemption takes its identifiers from
 *   the harness's own generators, so one that repeated across processes (a counter restarting per run)
 *   would hand the next run an id already used.
 */

/** Above every ceiling a scenario or check asked for before they were sized from balances (1,000,000). */
export const HIGH_BALANCE = units('1000177.1357310');

/** What the other party left, for the test to say. */
export interface LeftOnStaging {
  /** `member/account ASSET balance` of every holding it raised. */
  raised: string[];
  /** The quotation_uuid of every quotation it left open. */
  openQuotations: string[];
  /** What it left unread, one line per message it caused (beside the `transactions` notices). */
  unread: string[];
}

/** `url`: the staging's API (the proxy); `control`: the portal that issues tokens and onboards members. */
export async function actOnStaging(
  url: string,
  control: ControlClient,
  members: Record<RequiredRole, SimMember>,
): Promise<LeftOnStaging> {
  const recording = new RecordingChannel();
  const party = async (member: SimMember, role: string, assets: Actor['assets'] = []): Promise<Actor> => {
    const { token } = await control.createToken(member.identification, { role: 'manager' });
    const { token: _, ...described } = member;
    return {
      role,
      identification: member.identification,
      accounts: operatingAccounts(member),
      assets,
      member: described,
      client: new DssClient({
        baseUrl: url,
        token,
        timeoutMs: 30_000,
        recording,
        member: member.identification,
        transport: directTransport,
      }),
    };
  };
  const tokenizer = await party(members.tokenizer, 'tokenizer', tokenizerAssets(members.tokenizer.identification));
  const [mmA, mmB] = [await party(members.mmA, 'mmA'), await party(members.mmB, 'mmB')];
  const outsider = await party(
    await control.createMember({
      identification: `outsider-${randomBytes(4).toString('hex')}`,
      bicfi: randomBic('FR'),
      business_role: 'MMM',
      country_code: 'FR',
      operating_accounts: OPERATING_ACCOUNTS,
    }),
    'outsider',
  );
  const actors = { tokenizer };
  const left: LeftOnStaging = { raised: [], openQuotations: [], unread: [] };

  // Balances above every ceiling, on every DSA holding of the makers (and the outsider's, to pay with),
  // each line keeping as much room again for what is paid into it later.
  const { base, quoted } = exchangeAssets(actors);
  for (const holder of [mmA, mmB, outsider]) {
    for (const account of holder.accounts) {
      for (const asset of [base, quoted]) {
        await openDsaLine(actors, holder, account, 2n * HIGH_BALANCE, asset);
        await fund(actors, holder, account, HIGH_BALANCE, asset);
        if (holder !== outsider) left.raised.push(await raisedHolding(holder, account, asset));
      }
    }
  }
  await allowMutually(mmA, mmB);
  for (const maker of [mmA, mmB]) await allowMutually(maker, outsider);
  for (const [holder, issuer] of [
    [mmA, mmB],
    [mmB, mmA],
  ] as const) {
    for (const dso of await dsoLinesOf(holder, issuer)) {
      await buyDso(holder, issuer, dso, base);
      left.raised.push(await raisedHolding(holder, 'emission', dso));
    }
  }

  // Open quotations on the checks' own terms: requests both ways and from the outsider, half answered.
  const market = (buyer: Actor, seller: Actor): Market => ({
    buyer,
    seller,
    base,
    quoted,
    buyerAccount: buyer.accounts[0]!,
    sellerAccount: seller.accounts[0]!,
    now: async () => Date.now(),
  });
  for (const [buyer, seller] of [
    [mmA, mmB],
    [mmB, mmA],
    [outsider, mmA],
    [outsider, mmB],
  ] as const) {
    const open = market(buyer, seller);
    const waiting = await requested(open);
    const answeredRequest = await requested(open);
    await answered(open, quotationTerms(open, answeredRequest));
    left.openQuotations.push(waiting.quotationUuid, answeredRequest.quotationUuid);
    left.unread.push(
      `2 quotation requests of ${buyer.role} to ${seller.role} and every other seller it deals with`,
      `${seller.role}'s quotation to ${buyer.role}`,
    );
  }

  // Payments nobody answers, a redemption request, fee requests: each waits unread on its receiver's queue.
  const [outsiderMessages, aMessages, bMessages, tokenizerMessages] = await Promise.all([
    messageMember(outsider),
    messageMember(mmA),
    messageMember(mmB),
    messageMember(tokenizer),
  ]);
  for (const [ofi, rfi, what] of [
    [outsiderMessages, aMessages, 'outsider to mmA'],
    [outsiderMessages, bMessages, 'outsider to mmB'],
    [bMessages, aMessages, 'mmB to mmA'],
  ] as const) {
    const story = newPayment({ ofi, rfi, asset: base }, '10.50');
    await postUnread({
      from: ofi,
      to: rfi,
      route: 'send',
      type: 'pacs.008.001.08',
      document: creditTransfer(story, { settlementAccount: ofi.account }),
      identification: story.messageIdentification,
      transactions: paymentSent(story).transactions,
    });
    left.unread.push(`a pacs.008 of ${what}, never answered`);
  }
  await allowMutually(aMessages, tokenizerMessages);
  const redemption = newRedemption({ member: aMessages, tokenizer: tokenizerMessages, asset: base }, '3.25');
  await postUnread({
    from: aMessages,
    to: tokenizerMessages,
    route: 'redeem',
    type: 'pacs.009.001.08',
    document: redemptionRequest(redemption),
    identification: redemption.messageIdentification,
    transactions: paymentSent(redemption, 'pacs.009.001.08').transactions,
  });
  left.unread.push('a pacs.009 of mmA to the tokenizer, never answered');
  for (const [originator, instructed] of [
    [outsider, mmA],
    [outsider, mmB],
    [mmB, mmA],
  ] as const) {
    expectStatus(
      await requestCharge(originator, instructed.identification, newChargeRequest(originator, base, 25)),
      200,
      'CHG-REQUEST',
    );
    left.unread.push(`a fee request of ${originator.role} to ${instructed.role}, never answered`);
  }
  return left;
}

/** The balance read back: the raise must have happened, or the next run proves nothing. */
async function raisedHolding(holder: Actor, account: string, asset: AssetId): Promise<string> {
  const balance = (await balanceOf(holder, account, asset)) ?? 0n;
  if (balance < HIGH_BALANCE) {
    throw new CheckFailure(
      'BAL-READ',
      `the other party raised ${holder.identification}/${account} ${asset.code} to ${formatUnits(balance)}, not above ${formatUnits(HIGH_BALANCE)}`,
    );
  }
  return `${holder.identification}/${account} ${asset.code} ${formatUnits(balance)}`;
}

/** The DSOs of `issuer` that `holder` has a line for on its `emission` account (the reference's DSO account). */
async function dsoLinesOf(holder: Actor, issuer: Actor): Promise<AssetId[]> {
  return (await authorizedAssets(holder, 'emission'))
    .filter(
      (asset) =>
        asset.asset_group_identification === 'DSO' && asset.asset_issuer_identification === issuer.identification,
    )
    .map((asset) => ({ code: asset.asset_code_identification, issuer: issuer.identification }));
}

/**
 * `holder` buys HIGH_BALANCE of `issuer`'s DSO from it in one exchange (the DSO leg out of the issuer's
 * `emission`, into the holder's), its line re-sized first to make room.
 */
async function buyDso(holder: Actor, issuer: Actor, dso: AssetId, base: AssetId): Promise<void> {
  const line = { holder: holder.identification, account: 'emission', asset: dso };
  const { ceiling } = await ceilingWithRoom(holder, 'emission', dso, 2n * HIGH_BALANCE);
  expectStatus(await requestCreditLine(holder, 'emission', dso, ceiling), 200, 'CL-REQUEST');
  expectStatus(await decideAsMember(issuer, line, 'allow'), 200, 'CL-REQUEST');
  const market: Market = {
    buyer: holder,
    seller: issuer,
    base,
    quoted: dso,
    buyerAccount: holder.accounts[0]!,
    sellerAccount: issuer.accounts[0]!,
    now: async () => Date.now(),
  };
  // 1,001 base units at 1,000 quoted units each: HIGH_BALANCE and more of the DSO, within the quotation's limits.
  const limits = { minimum_amount_limit: 1, maximum_amount_limit: 2_000_000 };
  const { info } = await offer(market, {
    request: limits,
    quotation: { ...limits, seller_debiting_account_identification: 'emission', foreign_exchange_rate: 1000 },
  });
  const terms = { ...exchangeTerms(market, info, units('1001')), buyer_crediting_account_identification: 'emission' };
  const result = exchangeResultOf(await postExchange(holder, await signExchange(holder, terms)), 'EXC-DSO');
  if (result.exchange_state !== 'Success')
    throw new CheckFailure(
      'EXC-DSO',
      `the other party's exchange of ${dso.code} to ${holder.identification} was answered ${result.exchange_state}`,
    );
}

/** A message signed, posted and accepted, and left on its receiver's queue for nobody to read. */
async function postUnread(step: MessageStep): Promise<void> {
  const message = await signedMessage(step.from, step.type, step.document, {
    from: step.from.bic,
    to: step.to.bic,
    identification: step.identification,
  });
  expectAccepted(
    await postMessage(step.from, step.route, message),
    { type: step.type, messageIdentification: step.identification, transactions: step.transactions ?? [] },
    'MSG-DELIVERY',
  );
}
