import { randomBytes } from 'node:crypto';
import { listOfRef, schemaRef } from '../../../schemas/resources.ts';
import type { FundingInfo as SpecFundingInfo, FundingResult, Instruction } from '../../../schemas/wire.ts';
import { formatUnits, fullScaleAmount } from '../../runtime/money.ts';
import { listOrNone, okBody } from '../../flows/answers.ts';
import { tokenizerDsa, type Instrument } from '../../flows/assets.ts';
import { balanceOf, expectBalance, units } from '../../flows/balances.ts';
import { ceilingWithRoom, decideAsTokenizer, openDsaLine, requestCreditLine } from '../../flows/credit-lines.ts';
import {
  FUNDING_SIGNER,
  instructAndSign,
  instructFunding,
  instruction,
  newFundingInfo,
  sendFunding,
  settledFunding,
  signFunding,
  type FundingInfo,
  type FundingSignatures,
} from '../../flows/funding.ts';
import { newMember, optionalMember } from '../../flows/party.ts';
import { check, warnShould, expectStatus } from '../../runtime/check.ts';
import { CheckFailure } from '../../runtime/check-failure.ts';
import { HarnessFault } from '../../runtime/harness-fault.ts';
import { expectFor } from '../../runtime/expect-for.ts';
import { test } from '../../runtime/fixtures.ts';
import { expectReferenceStatus, expectRefusal } from '../../runtime/refusal.ts';
import { expectInvalidInputRefused } from '../input-refusal.ts';
import { REFUSAL_REQUIREMENTS, checkRequirements, SETUP_REQUIREMENTS, twoAccounts } from './prerequisites.ts';

/**
 * Funding by a tokenizer (spec: "Funding flow (tokenizer)", POST /transactions/instruction and
 * /transactions/send; semantics §4a, §5): the flow mints exactly the amount once; the send needs both
 * signatures of the tokenizer's emission key over exactly the instructed fundingInfo; an
 * end_to_end_identification funds at most once; only the named tokenizer funds with it.
 */

const TRANSACTION_HASH = /^[0-9a-f]{64}$/;

/** Fails unless `echoed` carries every field the tokenizer sent. */
function expectSameFunding(
  echoed: SpecFundingInfo | undefined,
  sent: FundingInfo,
  requirement: string,
  what: string,
): void {
  expectFor(requirement, echoed, `${what} carries the fundingInfo sent`).toMatchObject({ ...sent });
}

test(
  ...check(
    'ledger.funding-flow',
    'funds a member along instruction, two signatures and send, minting exactly the amount',
    {
      verifies: checkRequirements('FUND-INSTRUCTION', 'FUND-RESULT'),
      uses: SETUP_REQUIREMENTS,
      endpoint: 'tokenizer.sendFunding',
    },
  ),
  async ({ actors, target }) => {
    const member = actors.mmA;
    const [main] = twoAccounts(member);
    const line = await openDsaLine(actors, member, main, units('20'));
    // Every fraction digit the target keeps (12.3456789 at the reference's 7; the spec states no precision, lines 79, 118).
    const amount = fullScaleAmount(12, target.readings.amount_scale);
    const info = newFundingInfo(actors.tokenizer.identification, line.asset, member.identification, main, amount);

    const instructed = await instruction(actors.tokenizer, info);
    expectSameFunding(instructed.funding_payload[0], info, 'FUND-INSTRUCTION', 'the instruction’s funding_payload');
    expectFor(
      'FUND-INSTRUCTION',
      instructed.unsigned_transaction_object.length,
      'the instruction’s unsigned_transaction_object',
    ).toBeGreaterThan(0);
    await expectBalance(member, main, line.asset, line.balance, 'FUND-INSTRUCTION', 'after the instruction alone');

    const signatures = await signFunding(actors.tokenizer, info, instructed.unsigned_transaction_object);
    const result = await settledFunding(actors.tokenizer, info, signatures);
    expectSameFunding(result.funding_payload[0], info, 'FUND-INSTRUCTION', 'the fundingResult’s funding_payload');
    const state = result.funding_state[0];
    warnShould(
      state?.transaction_flow_status === 'Payment settled',
      `the funding's transaction_flow_status is ${JSON.stringify(state?.transaction_flow_status)}, not "Payment settled"`,
      'FUND-RESULT',
    );
    warnShould(
      TRANSACTION_HASH.test(state?.transaction_identification ?? ''),
      `the funding's transaction_identification ${JSON.stringify(state?.transaction_identification)} is not 64 lowercase hex characters`,
      'FUND-RESULT',
    );
    await expectBalance(
      member,
      main,
      line.asset,
      line.balance + amount,
      'FUND-INSTRUCTION',
      `after a funding of ${formatUnits(amount)}`,
    );
  },
);

/** The statuses POST /transactions/instruction lists for an instruction it cannot carry out (spec line 419). */
const LISTED_INSTRUCTION_REFUSALS = [400, 404];

/** ISO 4217 codes to pick a DSA the tokenizer does not issue from. */
const otherCurrencies = ['CHF', 'JPY', 'SEK', 'NOK', 'DKK', 'NZD'];

// Two transfers alike in everything but their time are still two transactions (line 144: a unique identifier):
// an identifier hashed from the transfer alone would name both.
test(
  ...check('ledger.funding-transaction-ids', 'names two identical fundings by two different transaction identifiers', {
    verifies: checkRequirements('TXN-ID-UNIQUE'),
    uses: SETUP_REQUIREMENTS,
    endpoint: 'tokenizer.sendFunding',
  }),
  async ({ actors }) => {
    const { tokenizer, mmA: member } = actors;
    const [main] = twoAccounts(member);
    const line = await openDsaLine(actors, member, main, units('2'));
    const identifiers = async () => {
      const info = newFundingInfo(tokenizer.identification, line.asset, member.identification, main, units('1'));
      const result = await settledFunding(tokenizer, info, await instructAndSign(tokenizer, info));
      return new Set(result.funding_state.map((state) => state.transaction_identification));
    };
    const [first, second] = [await identifiers(), await identifiers()];
    const shared = [...second].filter((identification) => first.has(identification));
    if (shared.length > 0)
      throw new CheckFailure(
        'TXN-ID-UNIQUE',
        `two fundings of 1 unit to ${member.identification}/${main} were both answered with transaction_identification ${shared.join(', ')}`,
      );
  },
);

// A number written as a string is of the wrong type however right its value (line 118: number (float64)). The
// input-column cases send it too, where the rest of their request may be refused first; here nothing else is wrong.
test(
  ...check(
    'ledger.funding-amount-type',
    'refuses an instruction that is valid but for its funding_amount, the right number written as a string',
    {
      verifies: checkRequirements('ERR-INVALID-INPUT', 'ERR-LISTED-STATUS', ...REFUSAL_REQUIREMENTS),
      uses: SETUP_REQUIREMENTS,
      endpoint: 'tokenizer.createFundingInstruction',
    },
  ),
  async ({ actors }) => {
    const { tokenizer, mmA: member } = actors;
    const [main] = twoAccounts(member);
    const line = await openDsaLine(actors, member, main, units('1'));
    const info = newFundingInfo(tokenizer.identification, line.asset, member.identification, main, units('1'));
    expectInvalidInputRefused(
      await tokenizer.client.call('tokenizer.createFundingInstruction', {
        body: { ...info, funding_amount: String(info.funding_amount) },
      }),
    );
  },
);

test(
  ...check(
    'ledger.funding-instruction-refused',
    'refuses an instruction for an unknown member, for a DSA the tokenizer does not issue and with a non-positive amount, with 400 or 404 (the reference: 404, 404, 400)',
    {
      verifies: checkRequirements(
        'FUND-INSTRUCTION-REFUSED',
        'FUND-INSTRUCTION-REFUSED-STATUS',
        'INS-LIST',
        ...REFUSAL_REQUIREMENTS,
      ),
      uses: SETUP_REQUIREMENTS,
      endpoint: 'tokenizer.createFundingInstruction',
    },
  ),
  async ({ actors }) => {
    const { tokenizer, mmA: member } = actors;
    const [main] = twoAccounts(member);
    const line = await openDsaLine(actors, member, main, units('5'));
    const available = listOrNone<Instrument>(
      await tokenizer.client.call('tokenizer.listAvailableInstruments', {
        path: { tokenizer_identification: tokenizer.identification },
      }),
      listOfRef('settlementInstrumentInfo'),
      'INS-LIST',
    );
    const notIssued = otherCurrencies.find(
      (code) => !available.some((asset) => asset.asset_code_identification === code),
    );
    if (!notIssued)
      throw new HarnessFault(
        `the tokenizer issues every one of ${otherCurrencies.join(', ')}: no DSA is known not to be its own`,
      );

    const fresh = () => newFundingInfo(tokenizer.identification, line.asset, member.identification, main, units('1'));
    const cannot: FundingInfo[] = [
      { ...fresh(), member_identification: `nobody-${randomBytes(6).toString('hex')}` },
      { ...fresh(), issued_asset_code_identification: notIssued },
    ];
    // Line 419 lists both 400 (invalid parameters) and 404 (instruction not created or invalid member), and
    // either fits each of these: the specification accepts both, the reference's split is a profile SHOULD.
    const refused = async (info: FundingInfo, reference: number) => {
      const response = await instructFunding(tokenizer, info);
      expectRefusal(response, { status: LISTED_INSTRUCTION_REFUSALS, requirement: 'FUND-INSTRUCTION-REFUSED' });
      expectReferenceStatus(response, reference, 'FUND-INSTRUCTION-REFUSED-STATUS');
    };
    for (const info of cannot) await refused(info, 404);
    for (const funding_amount of [0, -5]) await refused({ ...fresh(), funding_amount }, 400);
    await expectBalance(
      member,
      main,
      line.asset,
      line.balance,
      'FUND-INSTRUCTION-REFUSED',
      'after the refused instructions',
    );
  },
);

// The reference's scale, a profile decision: the spec gives amounts no precision (lines 79, 118, 206, 296), so a
// target keeping another declares it (readings.amount_scale) and the specification checks send amounts within it.
test(
  ...check(
    'ledger.amount-seven-digits',
    'takes a funding instruction for an amount with 7 fraction digits and refuses one with 8 with 400 (the reference keeps 7)',
    {
      verifies: checkRequirements('LEDGER-SEVEN-DIGITS', ...REFUSAL_REQUIREMENTS),
      uses: SETUP_REQUIREMENTS,
      endpoint: 'tokenizer.createFundingInstruction',
    },
  ),
  async ({ actors }) => {
    const { tokenizer, mmA: member } = actors;
    const [main] = twoAccounts(member);
    const line = await openDsaLine(actors, member, main, units('5'));
    const fresh = (amount: string) =>
      newFundingInfo(tokenizer.identification, line.asset, member.identification, main, units(amount));
    expectStatus(await instructFunding(tokenizer, fresh('1.0000001')), 200, 'LEDGER-SEVEN-DIGITS');
    expectRefusal(await instructFunding(tokenizer, fresh('1.00000001')), {
      status: 400,
      requirement: 'LEDGER-SEVEN-DIGITS',
    });
    await expectBalance(member, main, line.asset, line.balance, 'LEDGER-SEVEN-DIGITS', 'after instructions alone');
  },
);

test(
  ...check(
    'ledger.funding-signatures',
    'refuses a send whose signatures are not both the tokenizer’s emission signatures, minting nothing',
    {
      verifies: checkRequirements('FUND-SIGNATURES', ...REFUSAL_REQUIREMENTS),
      uses: SETUP_REQUIREMENTS,
      endpoint: 'tokenizer.sendFunding',
    },
  ),
  async ({ actors }) => {
    const { tokenizer, mmA: member } = actors;
    const [main] = twoAccounts(member);
    const tokenizerOperating = tokenizer.accounts[0];
    if (!tokenizerOperating)
      throw new HarnessFault(`the profile lists no operating account for the tokenizer ${tokenizer.identification}`);
    const line = await openDsaLine(actors, member, main, units('10'));
    const info = newFundingInfo(tokenizer.identification, line.asset, member.identification, main, units('3'));
    const { unsigned_transaction_object: transaction } = await instruction(tokenizer, info);
    const good = await signFunding(tokenizer, info, transaction);
    const byMember = await signFunding(member, info, transaction, FUNDING_SIGNER);
    const byOtherAccount = await signFunding(tokenizer, info, transaction, tokenizerOperating);

    const wrong: Array<[string, FundingSignatures]> = [
      [`both signed with ${member.identification}’s ${FUNDING_SIGNER} key`, byMember],
      [`both signed with the tokenizer’s ${tokenizerOperating} key`, byOtherAccount],
      [
        'the transaction signed with another member’s key',
        { ...good, signed_funding_transaction: byMember.signed_funding_transaction },
      ],
      [
        'the fundingInfo signed with another account’s key',
        { ...good, funding_payload_signature: byOtherAccount.funding_payload_signature },
      ],
      [
        'the two signatures swapped',
        {
          funding_payload_signature: good.signed_funding_transaction,
          signed_funding_transaction: good.funding_payload_signature,
        },
      ],
    ];
    for (const [what, signatures] of wrong) {
      const response = await sendFunding(tokenizer, info, signatures);
      if (response.status >= 200 && response.status < 300)
        throw new CheckFailure('FUND-SIGNATURES', `a send with ${what} was accepted (${response.status})`);
      expectRefusal(response, { status: 400, requirement: 'FUND-SIGNATURES' });
      await expectBalance(member, main, line.asset, line.balance, 'FUND-SIGNATURES', `after a send with ${what}`);
    }
    await settledFunding(tokenizer, info, good);
    await expectBalance(
      member,
      main,
      line.asset,
      line.balance + units('3'),
      'FUND-INSTRUCTION',
      'after the send with the right signatures',
    );
  },
);

test(
  ...check(
    'ledger.funding-tampered',
    'never funds what a send changed from the instructed fundingInfo, even signed by the tokenizer (the reference refuses it with 400)',
    {
      verifies: checkRequirements(
        'FUND-TAMPERED',
        'FUND-TAMPERED-REFUSED',
        'FUND-REPLAY-ONCE',
        ...REFUSAL_REQUIREMENTS,
      ),
      uses: SETUP_REQUIREMENTS,
      endpoint: 'tokenizer.sendFunding',
    },
  ),
  async ({ actors }) => {
    const { tokenizer, mmA: member } = actors;
    const [main, second] = twoAccounts(member);
    const line = await openDsaLine(actors, member, main, units('40'));
    await openDsaLine(actors, member, second, units('40'));
    const secondBalance = await balanceOf(member, second, line.asset);
    const info = newFundingInfo(tokenizer.identification, line.asset, member.identification, main, units('3'));
    const { unsigned_transaction_object: transaction } = await instruction(tokenizer, info);

    const tampered: FundingInfo[] = [
      { ...info, funding_amount: 30 },
      { ...info, account_identification: second },
      { ...info, memo_transaction: 'changed after the instruction' },
    ];
    // The spec says what a send carries (the instructed fundingInfo, the signed instruction's transaction, lines
    // 403-404), not what becomes of one that carries something else: a service may refuse it (400, the
    // reference's, FUND-TAMPERED-REFUSED) or carry out the instruction it signed. Either way nothing that was
    // changed takes effect: the instructed account gains at most the instructed amount, once, the other nothing.
    let funded = false;
    for (const body of tampered) {
      // The tokenizer signs what it sends, so only the comparison with the instruction can refuse it.
      const response = await sendFunding(tokenizer, body, await signFunding(tokenizer, body, transaction));
      if (response.status >= 200 && response.status < 300) {
        warnShould(
          false,
          `a send whose fundingInfo differs from the instructed one was accepted (${response.status})`,
          'FUND-TAMPERED-REFUSED',
        );
      } else {
        expectRefusal(response, { status: 400, requirement: 'FUND-TAMPERED-REFUSED', level: 'SHOULD' });
      }
      const now = (await balanceOf(member, main, line.asset)) ?? 0n;
      if (now !== line.balance && now !== line.balance + units('3')) {
        throw new CheckFailure(
          'FUND-TAMPERED',
          `${main} holds ${formatUnits(now)} after a send of a changed fundingInfo, neither its balance before (${formatUnits(line.balance)}) nor that plus the instructed ${formatUnits(units('3'))}`,
        );
      }
      funded ||= now === line.balance + units('3');
    }
    await expectBalance(
      member,
      second,
      line.asset,
      secondBalance,
      'FUND-TAMPERED',
      'after a send that named it instead of the instructed account',
    );
    // The untampered send: it funds the instruction, or (when a tampered send already carried it out) is its replay.
    const untampered = await sendFunding(tokenizer, info, await signFunding(tokenizer, info, transaction));
    if (!funded) expectStatus(untampered, 200, 'FUND-INSTRUCTION');
    await expectBalance(
      member,
      main,
      line.asset,
      line.balance + units('3'),
      funded ? 'FUND-REPLAY-ONCE' : 'FUND-INSTRUCTION',
      'after the untampered send',
    );
  },
);

test(
  ...check(
    'ledger.funding-end-to-end-once',
    'funds an end_to_end_identification at most once: a replayed send mints nothing, a reused id with another body is 400',
    {
      verifies: checkRequirements(
        'FUND-REPLAY-ONCE',
        'FUND-REPLAY-SAME-RESULT',
        'FUND-E2E-ONE-FUNDING',
        ...REFUSAL_REQUIREMENTS,
      ),
      uses: SETUP_REQUIREMENTS,
      endpoint: 'tokenizer.sendFunding',
    },
  ),
  async ({ actors }) => {
    const { tokenizer, mmA: member } = actors;
    const [main] = twoAccounts(member);
    const amount = units('2.5');
    // Room for the amount many times over, so that a second mint could not fail for lack of room.
    const line = await openDsaLine(actors, member, main, amount * 4n);
    const info = newFundingInfo(tokenizer.identification, line.asset, member.identification, main, amount);
    const signatures = await instructAndSign(tokenizer, info);
    const first = await settledFunding(tokenizer, info, signatures);
    const funded = line.balance + amount;
    await expectBalance(member, main, line.asset, funded, 'FUND-INSTRUCTION', 'after the first send');

    const replay = await sendFunding(tokenizer, info, signatures);
    if (replay.status >= 500) throw new CheckFailure('FUND-REPLAY-ONCE', `the replayed send answered ${replay.status}`);
    await expectBalance(
      member,
      main,
      line.asset,
      funded,
      'FUND-REPLAY-ONCE',
      'after the same signed funding was sent again',
    );
    if (replay.status === 200) {
      const again = okBody<FundingResult>(replay, schemaRef('fundingResult'), 'FUND-REPLAY-ONCE');
      const [firstId, againId] = [
        first.funding_state[0]?.transaction_identification,
        again.funding_state[0]?.transaction_identification,
      ];
      if (againId !== firstId)
        throw new CheckFailure(
          'FUND-REPLAY-ONCE',
          `the replayed send reports transaction ${againId}, another than the first send's ${firstId}`,
        );
    }
    warnShould(
      replay.status === 200,
      `the replayed send answered ${replay.status}, not 200 with the first result`,
      'FUND-REPLAY-SAME-RESULT',
    );

    // A used end_to_end_identification with another amount never funds: the specification lets the target
    // refuse it when instructed or when sent (FUND-E2E-ONE-FUNDING); the reference refuses the instruction.
    for (const funding_amount of [Number(formatUnits(amount * 2n)), 1]) {
      const reused = { ...info, funding_amount };
      const instructed = await instructFunding(tokenizer, reused);
      if (instructed.status < 200 || instructed.status >= 300) {
        expectRefusal(instructed, { status: 400, requirement: 'FUND-E2E-ONE-FUNDING' });
        continue;
      }
      const { unsigned_transaction_object: transaction } = okBody<Instruction>(
        instructed,
        schemaRef('instruction'),
        'FUND-E2E-ONE-FUNDING',
      );
      expectRefusal(await sendFunding(tokenizer, reused, await signFunding(tokenizer, reused, transaction)), {
        status: 400,
        requirement: 'FUND-E2E-ONE-FUNDING',
      });
      await expectBalance(
        member,
        main,
        line.asset,
        funded,
        'FUND-E2E-ONE-FUNDING',
        `after a send reusing its end_to_end_identification with ${funding_amount}`,
      );
    }
    await expectBalance(
      member,
      main,
      line.asset,
      funded,
      'FUND-E2E-ONE-FUNDING',
      'after instructions reusing its end_to_end_identification',
    );
  },
);

// The reference profile's place for the refusal: the instruction, not the send. A check of its own, so that a
// target refusing at the send leaves the specification's rule decided above.
test(
  ...check(
    'ledger.funding-end-to-end-unique',
    'refuses with 400 an instruction reusing a funded end_to_end_identification with another amount',
    {
      verifies: checkRequirements('FUND-E2E-UNIQUE'),
      uses: SETUP_REQUIREMENTS,
      endpoint: 'tokenizer.createFundingInstruction',
    },
  ),
  async ({ actors }) => {
    const { tokenizer, mmA: member } = actors;
    const [main] = twoAccounts(member);
    const amount = units('1.5');
    const line = await openDsaLine(actors, member, main, amount * 4n);
    const info = newFundingInfo(tokenizer.identification, line.asset, member.identification, main, amount);
    await settledFunding(tokenizer, info, await instructAndSign(tokenizer, info));
    expectRefusal(await instructFunding(tokenizer, { ...info, funding_amount: Number(formatUnits(amount * 2n)) }), {
      status: 400,
      requirement: 'FUND-E2E-UNIQUE',
    });
  },
);

test(
  ...check('ledger.funding-default-account', 'funds the member’s main account when the fundingInfo names no account', {
    verifies: checkRequirements('FUND-DEFAULT-ACCOUNT'),
    uses: SETUP_REQUIREMENTS,
    endpoint: 'tokenizer.createFundingInstruction',
  }),
  async ({ actors }) => {
    const { tokenizer, mmA: member } = actors;
    test.skip(
      !member.accounts.includes('main'),
      'needs profile members.mmA.accounts to hold an operating account named main (the default account)',
    );
    const line = await openDsaLine(actors, member, 'main', units('5'));
    const unnamed: Partial<FundingInfo> = newFundingInfo(
      tokenizer.identification,
      line.asset,
      member.identification,
      'main',
      units('1.5'),
    );
    delete unnamed.account_identification;
    // The harness's FundingInfo always names an account; this one leaves it out on purpose.
    const info = unnamed as FundingInfo;
    await settledFunding(tokenizer, info, await instructAndSign(tokenizer, info));
    await expectBalance(
      member,
      'main',
      line.asset,
      line.balance + units('1.5'),
      'FUND-DEFAULT-ACCOUNT',
      'after a funding whose fundingInfo named no account',
    );
  },
);

test(
  ...check(
    'ledger.funding-other-tokenizer',
    'refuses with 401 an instruction or a send by a tokenizer other than the fundingInfo’s',
    {
      verifies: checkRequirements('FUND-CALLER-TOKENIZER', 'CL-REQUEST', ...REFUSAL_REQUIREMENTS),
      uses: SETUP_REQUIREMENTS,
      endpoint: 'tokenizer.createFundingInstruction',
    },
  ),
  async ({ actors }) => {
    const { tokenizer } = actors;
    const asset = tokenizerDsa(actors);
    // A second tokenizer issuing the same currency, and a member with an allowed line for each: only the
    // caller is wrong. Elsewhere the member is mmB, whose lines a new request re-sizes run after run.
    const other = await optionalMember(actors, 'second_tokenizer', { business_role: 'MIS', dsa: asset.code });
    const member = actors.control
      ? await newMember(actors.control, tokenizer.client, {
          business_role: 'MMM',
          operating_accounts: ['main', 'second'],
        })
      : actors.mmB;
    const [main, second] = twoAccounts(member);
    const othersAsset = { code: asset.code, issuer: other.identification };
    const { ceiling } = await ceilingWithRoom(member, second, othersAsset, units('100'));
    expectStatus(await requestCreditLine(member, second, othersAsset, ceiling), 200, 'CL-REQUEST');
    expectStatus(
      await decideAsTokenizer(other, { holder: member.identification, account: second, asset: othersAsset }, 'allow'),
      200,
      'CL-REQUEST',
    );
    const line = await openDsaLine(actors, member, main, units('5'));

    const forOther = newFundingInfo(other.identification, othersAsset, member.identification, second, units('1'));
    expectRefusal(await instructFunding(tokenizer, forOther), { status: 401, requirement: 'FUND-CALLER-TOKENIZER' });
    const ours = newFundingInfo(tokenizer.identification, asset, member.identification, main, units('1'));
    expectRefusal(await instructFunding(other, ours), { status: 401, requirement: 'FUND-CALLER-TOKENIZER' });

    const signatures = await instructAndSign(tokenizer, ours);
    expectRefusal(await sendFunding(other, ours, signatures), { status: 401, requirement: 'FUND-CALLER-TOKENIZER' });
    await expectBalance(
      member,
      main,
      asset,
      line.balance,
      'FUND-CALLER-TOKENIZER',
      'after another tokenizer sent its funding',
    );
    await expectBalance(
      member,
      second,
      othersAsset,
      0n,
      'FUND-CALLER-TOKENIZER',
      'after an instruction for it by a tokenizer other than its issuer',
    );
    await settledFunding(tokenizer, ours, signatures);
  },
);
