import { test, expect } from '@playwright/test';
import { listOfRef, schemaRef } from '../../schemas/resources.ts';
import { loadScenarios, parseScenario, ScenarioError } from './load.ts';

const file = 'scenarios/sample.yaml';

function problemsOf(text: string): string[] {
  try {
    parseScenario(text, file);
  } catch (error) {
    if (error instanceof ScenarioError) {
      expect(error.message.split('\n')[0]).toBe(`Scenario ${file} is not valid:`);
      return error.problems;
    }
    throw error;
  }
  throw new Error('the scenario loaded');
}

test('the project’s scenario files load, named after their files, each with a key step', () => {
  const scenarios = loadScenarios();
  expect(scenarios.map((scenario) => scenario.name)).toEqual(expect.arrayContaining(['dso-issuance', 'funding']));
  for (const scenario of scenarios) {
    expect(scenario.file).toBe(`scenarios/${scenario.name}.yaml`);
    expect(
      scenario.steps.some((step) => step.key),
      scenario.name,
    ).toBe(true);
    expect(scenario.steps.map((step) => step.requirement.id).every((id) => scenario.requirements.includes(id))).toBe(
      true,
    );
  }
});

test('a valid scenario compiles: defaults, actions as requests, conditions and captures', () => {
  const scenario = parseScenario(
    `
name: sample
title: a sample
requirements: [SCN-FUNDING-FLOW, SCN-FUNDING-NOTIFICATION]
vars:
  account: \${actors.mmA.accounts[0]}
steps:
  - name: balance
    key: true
    actor: mmA
    call: member.getBalance
    path: { account_identification: '\${vars.account}' }
    expect:
      schema: balanceInfo
      values:
        $.balance: { gte: 0 }
    capture: { before: $.balance }
  - name: sign
    actor: mmA
    requirement: SCN-FUNDING-NOTIFICATION
    sign: { payload: '\${base64(captures.before)}' }
  - name: wait
    requirement: SCN-FUNDING-NOTIFICATION
    actor: mmB
    call: member.readGatewayMessages
    query: { type: transactions }
    expect: { status: 200, schema: [streamMessages] }
    until: { '$[*].response_data[*]': { length: { gte: 1 } } }
`,
    file,
  );
  expect(scenario).toMatchObject({
    file,
    name: 'sample',
    title: 'a sample',
    needsControl: false,
    vars: [{ name: 'account', value: '${actors.mmA.accounts[0]}' }],
  });
  const [balance, sign, wait] = scenario.steps;
  expect(balance).toMatchObject({
    number: 1,
    actor: 'mmA',
    key: true,
    endpoint: 'member.getBalance',
    signedAnswer: false,
    readsCaptures: false,
  });
  expect(balance?.requirement).toMatchObject({ id: 'SCN-FUNDING-FLOW', level: 'MUST' });
  const [expected, ...more] = balance?.expectations ?? [];
  expect(more).toEqual([]);
  expect(expected).toMatchObject({ status: 200, schema: { name: 'balanceInfo', schema: schemaRef('balanceInfo') } });
  expect(expected?.values.map((condition) => [condition.path.text, condition.matcher])).toEqual([
    ['$.balance', { kind: 'decimal', comparison: 'gte', expected: 0 }],
  ]);
  expect(balance?.captures.map((capture) => capture.name)).toEqual(['before']);
  // sign: the target's /sign/payload with the actor's first operating account; its answer is a signature.
  expect(sign).toMatchObject({
    key: false,
    endpoint: 'member.signPayload',
    body: { account_identification: '${actors.mmA.accounts[0]}', unsigned_payload: '${base64(captures.before)}' },
    expectations: [{ status: 200, schema: { name: 'memberSignedPayload' } }],
    signedAnswer: true,
    readsCaptures: true,
  });
  expect(sign?.requirement).toMatchObject({ id: 'SCN-FUNDING-NOTIFICATION', level: 'SHOULD' });
  expect(wait?.expectations[0]?.schema).toEqual({ name: '[streamMessages]', schema: listOfRef('streamMessages') });
  expect(wait?.until?.timeoutMs).toBe(10_000);
});

test('every problem of a scenario is reported at once, with file, line, step and field', () => {
  const problems = problemsOf(`
name: sample
title: many problems
requirements: [SCN-FUNDING-FLOW, NO-SUCH-REQ]
steps:
  - name: first
    actor: mmC
    call: member.getBalanc
  - name: first
    actor: mmA
    call: member.getBalance
    path: { account: main }
    query: { colour: red }
    expect:
      schema: [balanceInfos]
      values:
        balance: 1
    capture: { x: $.balance }
  - name: third
    actor: mmA
    requirement: SCN-DSO-ISSUANCE
    sign: { payload: '\${base64(captures.y)} \${uid()}' }
    until: { $.payload: { matches: '(' } }
  - name: fourth
    actor: tokenizer
    call: tokenizer.listAvailableInstruments
    path: { tokenizer_identification: '\${actors.mmZ.identification}' }
    body: { a: '\${captures.x} \${vars.nope} \${actors.mmA.member.bicfi} \${actors.mmA.token}' }
    timeout_ms: 100
`);
  expect(problems).toEqual([
    `${file}:4: requirements[1]: NO-SUCH-REQ is not in the requirement catalogue (suites/requirements/1.0.0.yaml)`,
    `${file}:7: step 1 "first", actor: unknown actor "mmC" (actors: tokenizer, mmA, mmB)`,
    `${file}:8: step 1 "first", call: unknown endpoint id "member.getBalanc" (ids are <family>.<operation> from schemas/endpoints.ts, e.g. member.getBalance)`,
    `${file}:9: step 2 "first", name: another step is already named "first"`,
    `${file}:12: step 2 "first", path: member.getBalance (GET /client/v1/api/balances/digital-accounts/{account_identification}) needs path parameter account_identification`,
    `${file}:12: step 2 "first", path.account: /client/v1/api/balances/digital-accounts/{account_identification} has no path parameter account (it has account_identification)`,
    `${file}:13: step 2 "first", query.colour: member.getBalance takes no query parameter colour (it takes asset_code_identification, asset_issuer_identification)`,
    expect.stringMatching(
      /^scenarios\/sample\.yaml:15: step 2 "first", expect\.schema: must name a resource of schemas\/resources\.ts, or \[name\] for a list of it; got \["balanceInfos"\] \(resources: error, digitalAccount, /,
    ),
    `${file}:17: step 2 "first", expect.values.balance: JSON path "balance" must start with $`,
    `${file}:21: step 3 "third", requirement: SCN-DSO-ISSUANCE is not one of the scenario's requirements (SCN-FUNDING-FLOW, NO-SUCH-REQ)`,
    `${file}:22: step 3 "third", sign.payload: bad expression: unknown function uid() (functions: uuid(), identifier(), now(), datetime(), date(), base64(), base64json(), json(), add(), subtract(), ceiling(), with(), find()) at column 25 of "\${base64(captures.y)} \${uid()}"`,
    `${file}:23: step 3 "third", until["$.payload"].matches: Invalid regular expression: /(/u: Unterminated group`,
    `${file}:28: step 4 "fourth", body: tokenizer.listAvailableInstruments takes no body`,
    `${file}:27: step 4 "fourth", path.tokenizer_identification: actors.mmZ.identification: unknown actor mmZ (actors: tokenizer, mmA, mmB)`,
    `${file}:28: step 4 "fourth", body.a: vars.nope: vars.nope is not declared before this point (in vars)`,
    `${file}:28: step 4 "fourth", body.a: actors.mmA.member.bicfi: actors.<role>.member exists only with the control plane: add needs: [control]`,
    `${file}:28: step 4 "fourth", body.a: actors.mmA.token: an actor has identification, accounts, dso_account, assets, member`,
    `${file}:29: step 4 "fourth", timeout_ms: only means something with until`,
    `${file}:6: steps: no step is marked key: true (the steps whose removal must make the scenario fail)`,
  ]);
});

test('names follow the file; captures and vars are known only after they are made', () => {
  expect(
    problemsOf(`
name: other
title: order
requirements: [SCN-FUNDING-FLOW]
vars:
  first: \${vars.second}
  second: 1
steps:
  - name: uses-its-own-capture
    key: true
    actor: mmA
    sign: { account: emission, payload: '\${captures.mine}' }
    capture: { mine: $.payload }
  - name: captures-again
    actor: mmA
    sign: { payload: '\${captures.mine}' }
    capture: { mine: $.payload }
`),
  ).toEqual([
    `${file}:2: name: must be the file's name, "sample" (it makes the check id scenario.sample)`,
    `${file}:6: vars.first: vars.second: vars.second is not declared before this point (in vars)`,
    `${file}:12: step 1 "uses-its-own-capture", sign.payload: captures.mine: captures.mine is not captured by an earlier step`,
    `${file}:17: step 2 "captures-again", capture.mine: captures.mine is already captured by an earlier step`,
  ]);
});

test('steps of SHOULD requirements come last: a failing one ends the run, so no MUST step may follow', () => {
  expect(
    problemsOf(`
name: sample
title: levels
requirements: [SCN-FUNDING-FLOW, SCN-FUNDING-NOTIFICATION]
steps:
  - name: notice
    requirement: SCN-FUNDING-NOTIFICATION
    actor: mmA
    call: member.readGatewayMessages
    query: { type: transactions }
  - name: balance
    key: true
    actor: mmA
    call: member.getBalance
    path: { account_identification: main }
`),
  ).toEqual([
    `${file}:11: step 2 "balance", requirement: SCN-FUNDING-FLOW is a MUST requirement, after step 1 "notice" of the SHOULD requirement SCN-FUNDING-NOTIFICATION: put SHOULD steps last`,
  ]);
});

test('a request is one call or one action, with the parameters its endpoint takes', () => {
  expect(
    problemsOf(`
name: sample
title: requests
requirements: [SCN-FUNDING-FLOW]
steps:
  - name: nothing
    key: true
    actor: mmA
  - name: both
    actor: mmA
    call: member.signPayload
    sign: { payload: aGVsbG8= }
  - name: action-with-body
    actor: mmA
    sign: { payload: aGVsbG8= }
    body: {}
  - name: missing-query-and-body
    actor: tokenizer
    call: tokenizer.sendFunding
`),
  ).toEqual([
    `${file}:6: step 1 "nothing": gives no request: give call (an endpoint id) or one of sign, sign_message`,
    `${file}:9: step 2 "both": gives call and sign: give only one`,
    `${file}:16: step 3 "action-with-body", body: sign builds its own request: no body`,
    `${file}:17: step 4 "missing-query-and-body", query: tokenizer.sendFunding needs query parameter funding_payload_signature`,
    `${file}:17: step 4 "missing-query-and-body", query: tokenizer.sendFunding needs query parameter signed_funding_transaction`,
    `${file}:17: step 4 "missing-query-and-body", body: tokenizer.sendFunding needs a body`,
  ]);
});

test('the file’s shape: missing and mistyped fields, unknown fields with the valid ones, YAML syntax', () => {
  expect(
    problemsOf(`
name: sample
title: structure
requirements: [SCN-FUNDING-FLOW]
steps:
  - name: a
    cal: member.getBalance
    expect: { status: "200" }
`),
  ).toEqual([
    `${file}:6: step 1 "a": must have required property 'actor'`,
    `${file}:8: step 1 "a", expect.status: must be integer`,
    `${file}:6: step 1 "a": unknown field "cal" (valid: name, actor, requirement, key, call, path, query, body, sign, sign_message, expect, expect_any, capture, until, timeout_ms, fresh)`,
  ]);
  expect(problemsOf('name: sample\nrequirements: []\nsteps: []\nwhen: later\n')).toEqual([
    `${file}:1: the file: must have required property 'title'`,
    `${file}:2: requirements: must NOT have fewer than 1 items`,
    `${file}:3: steps: must NOT have fewer than 1 items`,
    `${file}:1: the file: unknown field "when" (valid: name, title, requirements, needs, vars, steps)`,
  ]);
  expect(problemsOf('name: sample\nsteps:\n  - name: a\n    path: { x: [0 }\n  - name: b\n')).toEqual([
    `${file}:4: not valid YAML: Flow sequence in block collection must be sufficiently indented and end with a ] (and 1 more syntax error after it)`,
  ]);
});

test('expect_any lists answers of which any one will do, each compiled like expect; not beside expect', () => {
  const scenario = parseScenario(
    `
name: sample
title: alternatives
requirements: [SCN-FUNDING-FLOW]
steps:
  - name: either
    key: true
    actor: mmA
    call: member.getBalance
    path: { account_identification: main }
    expect_any:
      - { schema: balanceInfo, values: { $.balance: { gte: 0 } } }
      - { status: 404, schema: error }
    capture: { held: { path: $.balance, absent: 0 }, seen: $.account_identification }
`,
    file,
  );
  const [either] = scenario.steps;
  expect(
    either?.expectations.map(({ status, schema, values }) => [
      status,
      schema?.name,
      values.map((condition) => condition.path.text),
    ]),
  ).toEqual([
    [200, 'balanceInfo', ['$.balance']],
    [404, 'error', []],
  ]);
  // What a capture takes when the answer met an expectation without the path (the 404: no credit line, nothing held).
  expect(either?.captures.map(({ name, path, absent }) => [name, path.text, absent])).toEqual([
    ['held', '$.balance', 0],
    ['seen', '$.account_identification', undefined],
  ]);
  expect(
    problemsOf(
      'name: sample\ntitle: one\nrequirements: [SCN-FUNDING-FLOW]\nsteps:\n  - { name: a, actor: mmA, call: member.listDigitalAccounts, capture: { x: { path: $.y } } }\n',
    ),
  ).toContain(`${file}:5: step 1 "a", capture.x: must have required property 'absent'`);

  expect(
    problemsOf(`
name: sample
title: alternatives
requirements: [SCN-FUNDING-FLOW]
steps:
  - name: both
    key: true
    actor: mmA
    call: member.listDigitalAccounts
    expect: { status: 200 }
    expect_any:
      - { status: 404 }
      - { status: 400, schema: errors, values: { balance: 1 } }
`),
  ).toEqual([
    `${file}:12: step 1 "both", expect_any: give expect or expect_any, not both`,
    expect.stringMatching(
      /^scenarios\/sample\.yaml:13: step 1 "both", expect_any\[1\]\.schema: must name a resource of schemas\/resources\.ts/,
    ),
    `${file}:13: step 1 "both", expect_any[1].values.balance: JSON path "balance" must start with $`,
  ]);
  expect(
    problemsOf(
      'name: sample\ntitle: one\nrequirements: [SCN-FUNDING-FLOW]\nsteps:\n  - { name: a, actor: mmA, call: member.listDigitalAccounts, expect_any: [{ status: 200 }] }\n',
    ),
  ).toEqual([`${file}:5: step 1 "a", expect_any: must NOT have fewer than 2 items`]);
});

test('sign_message: a template of scenarios/messages filled with exactly its fields, signed through /sign/message', () => {
  const scenario = parseScenario(
    `
name: sample
title: messages
requirements: [SCN-PAYMENT-DSA-FLOW]
steps:
  - name: sign
    key: true
    actor: mmB
    sign_message:
      template: obligation-notice
      fields: { from: AAAAUS33XXX, to: BBBBSGSGXXX, message_id: '\${uuid()}', created: '2024-03-15T10:15:30Z', original_message_id: M, instruction_id: I, end_to_end_id: E, uetr: U, currency: USD, amount: 12.5, settlement_date: '2024-03-15' }
`,
    file,
  );
  const [sign] = scenario.steps;
  expect(sign).toMatchObject({
    endpoint: 'member.signMessage',
    body: {
      account_identification: '\${actors.mmB.accounts[0]}',
      unsigned_payload: { from: 'AAAAUS33XXX', amount: 12.5 },
    },
    expectations: [{ status: 200, schema: { name: 'signedMessagePayload' } }],
    signedAnswer: true,
  });
  // The runner evaluates the body, then the action writes the Message: base64 of the filled template.
  const sent = sign?.complete?.({
    account_identification: 'main',
    unsigned_payload: { ...(sign.body as { unsigned_payload: object }).unsigned_payload, message_id: 'MSG-1' },
  }) as { account_identification: string; unsigned_payload: string };
  expect(sent.account_identification).toBe('main');
  const xml = Buffer.from(sent.unsigned_payload, 'base64').toString('utf8');
  expect(xml).toContain('<MsgDefIdr>SVC.002.001.01</MsgDefIdr>');
  expect(xml).toContain('<SttldAmt Ccy="USD">12.5</SttldAmt>');

  expect(
    problemsOf(`
name: sample
title: messages
requirements: [SCN-PAYMENT-DSA-FLOW]
steps:
  - name: unknown
    key: true
    actor: mmA
    sign_message: { template: credit-transfer-v2, fields: { from: A } }
  - name: wrong-fields
    actor: mmA
    sign_message: { account: emission, template: compliance-reject, fields: { from: A, to: B, message_id: M, created: T, original_message_id: O, instruction_id: I, end_to_end_id: E, uetr: U, reason: AC04, text: '\${captures.nothing}' } }
`),
  ).toEqual([
    `${file}:9: step 1 "unknown", sign_message.template: there is no template credit-transfer-v2 (scenarios/messages/credit-transfer-v2.xml)`,
    `${file}:12: step 2 "wrong-fields", sign_message.fields: template compliance-reject needs reason_code, reason_text`,
    `${file}:12: step 2 "wrong-fields", sign_message.fields: template compliance-reject has no placeholder \${reason} (it uses message_id, created, from, to, original_message_id, instruction_id, end_to_end_id, uetr, reason_code, reason_text)`,
    `${file}:12: step 2 "wrong-fields", sign_message.fields: template compliance-reject has no placeholder \${text} (it uses message_id, created, from, to, original_message_id, instruction_id, end_to_end_id, uetr, reason_code, reason_text)`,
    `${file}:12: step 2 "wrong-fields", sign_message.fields.text: captures.nothing: captures.nothing is not captured by an earlier step`,
  ]);
  expect(
    problemsOf(
      'name: sample\ntitle: t\nrequirements: [SCN-PAYMENT-DSA-FLOW]\nsteps:\n  - { name: a, key: true, actor: mmA, sign_message: { template: compliance-reject, fields: { from: [A] } } }\n',
    ),
  ).toEqual([`${file}:5: step 1 "a", sign_message.fields.from: must be a text, number or boolean`]);
});

test('fresh: only for a read that consumes', () => {
  const scenario = parseScenario(
    `
name: sample
title: fresh
requirements: [SCN-FUNDING-FLOW]
steps:
  - { name: read, key: true, actor: mmA, call: member.readGatewayMessages, query: { type: transactions }, fresh: true }
  - { name: again, actor: mmA, call: member.readGatewayMessages, query: { type: transactions } }
`,
    file,
  );
  expect(scenario.steps.map((step) => step.fresh)).toEqual([true, false]);
  expect(
    problemsOf(
      'name: sample\ntitle: fresh\nrequirements: [SCN-FUNDING-FLOW]\nsteps:\n  - { name: a, key: true, actor: mmA, call: member.listDigitalAccounts, fresh: true }\n',
    ),
  ).toEqual([
    `${file}:5: step 1 "a", fresh: only means something for a read that consumes (member.readGatewayMessages)`,
  ]);
});
