import { ensureIssued, tokenizerDsa, type AssetId } from '../../flows/assets.ts';
import { balanceOf, units } from '../../flows/balances.ts';
import { openDsaLine, openDsoLine } from '../../flows/credit-lines.ts';
import {
  amountUnits,
  exchangeResultOf,
  exchangeTerms,
  postExchange,
  quotedUnits,
  signExchange,
} from '../../flows/exchange.ts';
import { fund } from '../../flows/funding.ts';
import { allowMutually, type Market } from '../../flows/market.ts';
import type { Party } from '../../flows/party.ts';
import { expectQuotationState, offer, quotationStates } from '../../flows/quotations.ts';
import { check } from '../../runtime/check.ts';
import { CheckFailure } from '../../runtime/check-failure.ts';
import { HarnessFault } from '../../runtime/harness-fault.ts';
import { expectFor } from '../../runtime/expect-for.ts';
import { formatUnits } from '../../runtime/money.ts';
import { test } from '../../runtime/fixtures.ts';
import { EXCHANGE_REQUIREMENTS, REFUSAL_REQUIREMENTS, checkRequirements } from './prerequisites.ts';

/**
 * A DSO quoted and exchanged like any asset (spec: an asset's group is DSO or DSA, the base and quoted assets
 * of a quotation are any assets, and the DSO group is refused only for consolidation): the seller sells its
 * own DSO for the tokenizer's DSA, out of its issuance account `emission` (spec line 21), and the buyer
 * receives it on the account its credit line for it is set on (spec lines 105 and 482 read either way: its
 * `emission`, the reference's, or an operating account; the profile's readings.dso_line_account says which,
 * PRE-CREDIT-LINE-ACCOUNT).
 */

/** The DSO mmB sells here: a code no other check, invariant or scenario issues. */
const EXCHANGE_DSO_CODE = 'MXNDSO';
const EMISSION = 'emission';

function operatingAccount(party: Party): string {
  const account = party.accounts[0];
  if (account === undefined) throw new HarnessFault(`${party.identification} has no operating account in the profile`);
  return account;
}

/** The DSO's holding on `holder`'s `account`, zero while it holds none. Requirements: BAL-READ, RES-LEDGER-SCHEMAS. */
async function dsoHeld(holder: Party, account: string, dso: AssetId): Promise<bigint> {
  return (await balanceOf(holder, account, dso)) ?? 0n;
}

test(
  ...check(
    'exchange.dso',
    'quotes and settles a market maker’s own DSO against a DSA: Success, the DSA paid to the seller and the DSO delivered to the buyer, exactly',
    {
      verifies: checkRequirements('EXC-DSO', 'INS-DSO-ISSUE', 'QUO-STATES', ...REFUSAL_REQUIREMENTS),
      uses: EXCHANGE_REQUIREMENTS,
      endpoint: 'member.exchange',
    },
  ),
  async ({ actors, target }) => {
    const { control } = actors;
    const [buyer, seller] = [actors.mmA, actors.mmB];
    const [buyerAccount, sellerAccount] = [operatingAccount(buyer), operatingAccount(seller)];
    const dsa = tokenizerDsa(actors);
    const amount = units('40');

    const dso = await ensureIssued(seller, EXCHANGE_DSO_CODE);
    await allowMutually(buyer, seller);
    // Room above what the buyer holds already for the DSO the exchange delivers (36 units for 40).
    const { account: dsoAccount } = await openDsoLine(seller, buyer, dso, amount, target.readings);
    await openDsaLine(actors, buyer, buyerAccount, amount, dsa);
    await openDsaLine(actors, seller, sellerAccount, amount, dsa);
    await fund(actors, buyer, buyerAccount, amount, dsa);

    // The market of the quotation flows, its quoted asset the DSO: the seller's debiting account is its emission, the buyer's crediting one its DSO line's.
    const market: Market = {
      buyer,
      seller,
      base: dsa,
      quoted: dso,
      buyerAccount,
      sellerAccount,
      now: control ? () => control.clock() : () => Promise.resolve(Date.now()),
    };
    const { requested, info } = await offer(market, {
      quotation: { seller_debiting_account_identification: EMISSION, foreign_exchange_rate: 0.9 },
    });
    const before = {
      buyerDsa: await balanceOf(buyer, buyerAccount, dsa),
      sellerDsa: await balanceOf(seller, sellerAccount, dsa),
      buyerDso: await dsoHeld(buyer, dsoAccount, dso),
    };

    const terms = { ...exchangeTerms(market, info, amount), buyer_crediting_account_identification: dsoAccount };
    const response = await postExchange(buyer, await signExchange(buyer, terms));
    const result = exchangeResultOf(response, 'EXC-DSO');
    if (result.exchange_state !== 'Success')
      throw new CheckFailure(
        'EXC-DSO',
        `the exchange of ${formatUnits(amount)} ${dsa.code} for ${dso.code} of ${dso.issuer} was answered ${result.exchange_state}`,
      );
    // 40 x 0.9 = 36: no rounding at any scale.
    const quoted = quotedUnits(amount, info.foreign_exchange_rate, target.readings.amount_scale);
    expectFor(
      'EXC-DSO',
      formatUnits(amountUnits(result.amount_quoted_asset, 'EXC-DSO', 'amount_quoted_asset')),
      `the result’s amount_quoted_asset for ${formatUnits(amount)} at ${info.foreign_exchange_rate}`,
    ).toBe(formatUnits(quoted));

    const after = {
      buyerDsa: await balanceOf(buyer, buyerAccount, dsa),
      sellerDsa: await balanceOf(seller, sellerAccount, dsa),
      buyerDso: await dsoHeld(buyer, dsoAccount, dso),
    };
    expectFor(
      'EXC-DSO',
      { buyerDsa: after.buyerDsa, sellerDsa: after.sellerDsa, buyerDso: after.buyerDso },
      `${buyer.identification}/${buyerAccount} ${dsa.code}, ${seller.identification}/${sellerAccount} ${dsa.code} and ${buyer.identification}/${dsoAccount} ${dso.code} after the exchange`,
    ).toEqual({
      buyerDsa: (before.buyerDsa ?? 0n) - amount,
      sellerDsa: (before.sellerDsa ?? 0n) + amount,
      buyerDso: before.buyerDso + quoted,
    });
    await expectQuotationState(
      buyer,
      requested.quotationUuid,
      quotationStates.completed,
      'QUO-STATES',
      'after its DSO exchange answered Success',
    );
  },
);
