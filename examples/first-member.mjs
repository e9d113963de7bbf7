// A first member against the simulator's demo network, step by step, with nothing but Node's fetch:
// the README's "Develop a member against the simulator" walks through it. Run `npm run sim`, open
// http://127.0.0.1:4010/ui, then: node examples/first-member.mjs [base URL]
// Each step is one call of the spec's API with the member's own token; the other side of every step is
// an autopilot member of the demo network (docs/network.md), which answers within about 200 ms.
import { randomInt, randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';

const base = process.argv[2] ?? 'http://127.0.0.1:4010';
const api = `${base}/client/v1/api`;
/** Your member, once made (named in any message that stops the walk-through). */
let me;
const letters = () => Array.from({ length: 4 }, () => String.fromCharCode(65 + randomInt(26))).join('');

// The walk-through deals with the demo network's members: say so, before making anything, if they are not there.
const demo = ['tokenizer-usd', 'tokenizer-eur', 'mm-singapore'];
const network = await json(
  await fetch(`${base}/sim/network`).catch((error) =>
    stop(`no simulator answers at ${base} (${error.cause?.code ?? error.message}): start one with npm run sim`),
  ),
);
const missing = demo.filter((name) => !(network.members ?? []).some((member) => member.identification === name));
if (missing.length > 0)
  stop(
    `this network has no ${missing.join(', ')}: the walk-through needs the demo network (npm run sim, without --network)`,
  );

// 1. Your member, made as the network operator would (the control plane answers loopback only).
const bic = `${letters()}GB2L`;
const made = await json(
  await fetch(`${base}/sim/members`, {
    method: 'POST',
    body: JSON.stringify({
      identification: `my-bank-${bic.slice(0, 4).toLowerCase()}`,
      bicfi: bic,
      business_role: 'MMM',
      country_code: 'GB',
    }),
  }),
);
me = made.identification;
const token = made.token;
console.log(`1. member ${me} (BIC ${bic}), accounts emission and main`);

// 2. Credit lines for USD and EUR: the demo tokenizers allow them and fund each with 100,000.
for (const [asset, issuer] of [
  ['USD', 'tokenizer-usd'],
  ['EUR', 'tokenizer-eur'],
]) {
  await call('POST', '/settlement-instruments/credit-line', {
    account_identification: 'main',
    asset_code_identification: asset,
    credit_line_state: 'request',
    member_identification: issuer,
    maximum_credit_limit: 1000000,
  });
}
await until(
  'the tokenizers funded both lines',
  async () =>
    (await balance('EUR', 'tokenizer-eur')) === '100000.0000000' &&
    (await balance('USD', 'tokenizer-usd')) === '100000.0000000',
);
console.log('2. funded: 100000 USD and 100000 EUR on main');

// 3. Put mm-singapore on your allowlist; it lists you back, so you can deal with each other.
await call('POST', '/members/allowlist', 'mm-singapore');
console.log('3. mm-singapore is on your allowlist');

// 4. Ask for quotations: EUR for USD, 1 to 1000 EUR, open 10 minutes (by the simulator's clock).
const now = (await json(await fetch(`${base}/sim/clock`))).now;
const usd = {
  asset_code_identification: 'USD',
  asset_group_identification: 'DSA',
  asset_issuer_identification: 'tokenizer-usd',
};
const eur = {
  asset_code_identification: 'EUR',
  asset_group_identification: 'DSA',
  asset_issuer_identification: 'tokenizer-eur',
};
const request = {
  base_asset_info: [usd],
  buyer_member_identification: me,
  maximum_amount_limit: 1000,
  minimum_amount_limit: 1,
  quoted_asset_info: [eur],
  time_end_request_quotation: now + 600000,
};
const requested = await until('mm-singapore listed you back', () =>
  attempt('POST', '/exchange/quotations/request', request),
);
console.log(`4. quotation request ${requested.request_uuid}`);

// 5. The answer arrives on your `quotations` gateway queue (and in GET /exchange/quotations/...).
const answer = await until('mm-singapore answered', async () => {
  const messages = await call('GET', '/gateway/messages?type=quotations');
  return messages.flatMap((message) => message.response_data).find((state) => state.request_quotation_state === 10);
});
const quotation = answer.response_data[0];
console.log(`5. ${quotation.seller_member_identification} quotes ${quotation.foreign_exchange_rate} EUR per USD`);

// 6. Exchange 500 USD against it: the exchangeInfo, base64, signed with your main account's key.
const exchangeInfo = {
  amount_base_asset: 500,
  buyer_crediting_account_identification: 'main',
  buyer_debiting_account_identification: 'main',
  quotation_info: [quotation],
};
const exchangePayload = Buffer.from(JSON.stringify(exchangeInfo)).toString('base64');
const exchangeSignature = (
  await call('POST', '/sign/payload', { account_identification: 'main', unsigned_payload: exchangePayload })
).payload;
const exchanged = await call('POST', '/exchange', {
  exchange_payload: exchangePayload,
  member_signature: exchangeSignature,
});
console.log(
  `6. exchange ${exchanged.exchange_state}: now ${await balance('USD', 'tokenizer-usd')} USD and ${await balance('EUR', 'tokenizer-eur')} EUR`,
);

// 7. Pay mm-singapore 250 USD with a pacs.008, signed through POST /sign/message; it accepts (up to 50,000).
const id = (kind) => `${bic}-${kind}-${randomUUID().slice(0, 8)}`;
const [messageId, instruction] = [id('PAY'), id('INS')];
const signedPayment = (
  await call('POST', '/sign/message', {
    account_identification: 'main',
    unsigned_payload: Buffer.from(pacs008(messageId, instruction, '250')).toString('base64'),
  })
).payload;
await call('POST', '/payments/message/send', {
  financial_message_type: 'iso20022:pacs.008.001.08',
  financial_message_data: signedPayment,
});
const status = await until('the payment was answered', async () => {
  const reports = (await call('GET', '/gateway/messages?type=payment')).flatMap((message) => message.response_data);
  // The RFI's SVC.001 is relayed to you too; the service's pacs.002 says whether the payment settled.
  const xml = reports
    .map((report) => Buffer.from(report.financial_message_data, 'base64').toString('utf8'))
    .find((text) => text.includes(instruction) && text.includes('pacs.002'));
  return xml && /<TxSts>(\w+)<\/TxSts>/.exec(xml)?.[1];
});
console.log(
  `7. payment ${instruction}: ${status === 'ACSC' ? 'settled (pacs.002 ACSC)' : status}; now ${await balance('USD', 'tokenizer-usd')} USD`,
);

// 8. Renew your token before its 15 minutes are up. The spec's renewal is a GET whose body is the token
// (a JSON string), which fetch refuses to send, so this one call goes through node:http.
const renewed = await getWithBody('/oauth-token/refresh', token);
console.log(`8. token renewed (${renewed.status}): the new one is valid for 15 minutes; use it from now on`);
console.log(`Open ${base}/ui and choose ${me} in the sequence view to see every call and message.`);

function pacs008(messageIdentification, instructionIdentification, amount) {
  const agent = (code) => `<FinInstnId><BICFI>${code}</BICFI></FinInstnId>`;
  return `<Message xmlns="urn:dss:message:1"><AppHdr xmlns="urn:iso:std:iso:20022:tech:xsd:head.001.001.02"><Fr><FIId>${agent(bic)}</FIId></Fr><To><FIId>${agent('MMSGSGSG')}</FIId></To><BizMsgIdr>${messageIdentification}</BizMsgIdr><MsgDefIdr>pacs.008.001.08</MsgDefIdr><CreDt>${new Date().toISOString()}</CreDt></AppHdr>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pacs.008.001.08"><FIToFICstmrCdtTrf>
  <GrpHdr><MsgId>${messageIdentification}</MsgId><CreDtTm>${new Date().toISOString()}</CreDtTm><NbOfTxs>1</NbOfTxs>
    <SttlmInf><SttlmMtd>CLRG</SttlmMtd><SttlmAcct><Id><Othr><Id>main</Id></Othr></Id></SttlmAcct><ClrSys><Prtry>DSA</Prtry></ClrSys></SttlmInf></GrpHdr>
  <CdtTrfTxInf>
    <PmtId><InstrId>${instructionIdentification}</InstrId><EndToEndId>${id('E2E')}</EndToEndId><UETR>${randomUUID()}</UETR></PmtId>
    <PmtTpInf><SvcLvl><Prtry>tokenizer-usd</Prtry></SvcLvl></PmtTpInf>
    <IntrBkSttlmAmt Ccy="USD">${amount}</IntrBkSttlmAmt><IntrBkSttlmDt>${new Date().toISOString().slice(0, 10)}</IntrBkSttlmDt><ChrgBr>SHAR</ChrgBr>
    <InstgAgt>${agent(bic)}</InstgAgt><InstdAgt>${agent('MMSGSGSG')}</InstdAgt>
    <Dbtr><Nm>My customer</Nm></Dbtr><DbtrAgt>${agent(bic)}</DbtrAgt><CdtrAgt>${agent('MMSGSGSG')}</CdtrAgt><Cdtr><Nm>Their customer</Nm></Cdtr>
  </CdtTrfTxInf>
</FIToFICstmrCdtTrf></Document></Message>`;
}

async function call(method, path, body) {
  const answer = await attempt(method, path, body);
  if (answer === undefined) stop(`${method} ${path} was refused (run with VERBOSE=1 to see the answer)`);
  return answer;
}

/** A GET carrying a JSON body, which fetch cannot send. */
function getWithBody(path, body) {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      `${api}${path}`,
      {
        method: 'GET',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          const answer = Buffer.concat(chunks).toString('utf8');
          if (response.statusCode === 200) resolve({ status: response.statusCode, token: JSON.parse(answer) });
          else stop(`GET ${path} answered ${response.statusCode}: ${answer}`);
        });
      },
    );
    sent.on('error', reject);
    sent.end(text);
  });
}

/** Ends the walk-through with one line saying why (no stack trace), and what it leaves behind. */
function stop(why) {
  const left = me
    ? ` (member ${me} stays in the network: the simulator removes no member; POST ${base}/sim/reset starts afresh)`
    : '';
  console.error(`first-member: ${why}${left}`);
  process.exit(1);
}

/** The body of a 200 answer; undefined for a refusal (printed). */
async function attempt(method, path, body) {
  const response = await fetch(`${api}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await json(response);
  if (response.status === 200) return answer;
  if (process.env.VERBOSE)
    console.log(`   (${method} ${path} answered ${response.status}: ${answer.message ?? JSON.stringify(answer)})`);
  return undefined;
}

async function balance(asset, issuer) {
  const answer = await attempt(
    'GET',
    `/balances/digital-accounts/main?asset_code_identification=${asset}&asset_issuer_identification=${issuer}`,
  );
  return answer?.balance;
}

/** Polls `condition` every 100 ms for up to 30 s. */
async function until(what, condition) {
  for (let waited = 0; waited < 30000; waited += 100) {
    const value = await condition();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stop(`waited 30 s and still not: ${what}`);
}

async function json(response) {
  const text = await response.text();
  return text === '' ? {} : JSON.parse(text);
}
