/**
 * The dashboard's one page: plain HTML, a stylesheet and a small script, no framework and no build step.
 * The script renders `/ui/state` into tables (one at a time, behind tabs, beside the sequence so that
 * both fit one screen), keeps the sequence view from `/ui/activity` and the `/ui/events` stream (newest
 * first, filterable by member), and re-reads the state shortly after each event, so everything updates
 * without a reload.
 */
export function dashboardPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>DSS simulator — network</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
  /* Two panes on one screen (1280×800 and up): the live sequence on the left, the network's state on the
     right, one table at a time behind tabs, so that every table has the pane's whole width. */
  html, body { height: 100%; }
  body { font: 13px/1.4 system-ui, sans-serif; margin: 0; color: #1d2330; background: #f6f7f9; display: flex; flex-direction: column; }
  header { background: #1d2330; color: #fff; padding: 6px 12px; display: flex; gap: 14px; align-items: center; flex-wrap: wrap; }
  header h1 { font-size: 15px; margin: 0; }
  header button, header select { font: inherit; }
  main { flex: 1; min-height: 0; display: grid; grid-template-columns: minmax(0, 5fr) minmax(0, 7fr); gap: 10px; padding: 10px 12px; }
  .pane { background: #fff; border: 1px solid #dde1e7; border-radius: 6px; padding: 6px 8px; overflow: auto; min-height: 0; }
  h2 { font-size: 13px; margin: 0 0 6px; text-transform: uppercase; letter-spacing: .04em; color: #5a6475; }
  nav#tabs { display: flex; flex-wrap: wrap; gap: 4px; margin-bottom: 6px; }
  nav#tabs button { font: inherit; border: 1px solid #dde1e7; background: #f6f7f9; border-radius: 4px; padding: 2px 8px; cursor: pointer; }
  nav#tabs button[aria-selected="true"] { background: #1d2330; color: #fff; border-color: #1d2330; }
  section[hidden] { display: none; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: 2px 6px; border-bottom: 1px solid #eef0f3; vertical-align: top; }
  th { white-space: nowrap; }
  td { overflow-wrap: break-word; }
  /* Identifiers (UUIDs, instructions) and lists break anywhere rather than push columns out of sight. */
  td .id, td.wrap, td .wrap { overflow-wrap: anywhere; }
  #sequence td:nth-child(-n+2) { white-space: nowrap; }
  .call { color: #1f5fbf; } .delivery { color: #2d7d46; } .autopilot { color: #8a4bb8; } .network { color: #9a5b00; font-weight: 600; }
  .failed, .status-4, .status-5 { color: #b3261e; font-weight: 600; }
  details pre { white-space: pre-wrap; word-break: break-all; background: #f6f7f9; padding: 6px; margin: 4px 0; max-height: 320px; overflow: auto; }
  .muted { color: #8a93a3; }
  label.behaviour { display: inline-block; white-space: nowrap; margin-right: 8px; }
  header .muted { color: #b8c0cc; }
  .badge { display: inline-block; border-radius: 3px; padding: 0 6px; margin-right: 4px; font-weight: 600; }
  .badge.fault { background: #b3261e; color: #fff; }
  .badge.reading { background: #2f5f9e; color: #fff; }
</style>
</head>
<body>
<header>
  <h1>DSS simulator</h1>
  <span>clock <strong id="now">…</strong></span>
  <span>move the clock
    <button data-advance="1000">+1 s</button><button data-advance="60000">+1 min</button><button data-advance="900000">+15 min</button><button data-advance="86400000">+1 day</button></span>
  <span>fault <select id="fault"></select> <button id="fault-toggle">switch</button></span>
  <span>snapshot <input id="snapshot-name" size="8" placeholder="name" aria-label="snapshot name"> <button id="snapshot-take">take</button> <select id="snapshots" aria-label="snapshots"></select> <button id="snapshot-restore">restore</button></span>
  <span id="faults-on"></span>
  <span id="readings-on"></span>
  <span id="connection" class="muted">connecting…</span>
</header>
<main>
  <div class="pane" id="live"><h2>Sequence (newest first) — member <select id="member-filter"><option value="">all</option></select></h2><table id="sequence"></table></div>
  <div class="pane" id="state">
    <nav id="tabs"></nav>
    <section data-tab="members"><h2>Members</h2><table id="members"></table></section>
    <section data-tab="balances"><h2>Balances</h2><table id="balances"></table></section>
    <section data-tab="credit-lines"><h2>Credit lines</h2><table id="credit-lines"></table></section>
    <section data-tab="queues"><h2>Gateway queues (waiting)</h2><table id="queues"></table></section>
    <section data-tab="quotations"><h2>Quotations</h2><table id="quotations"></table></section>
    <section data-tab="payments"><h2>Payments</h2><table id="payments"></table></section>
    <section data-tab="redemptions"><h2>Redemptions</h2><table id="redemptions"></table></section>
    <section data-tab="transactions"><h2>Ledger transactions</h2><table id="transactions"></table></section>
  </div>
</main>
<script>
(() => {
  const quotationStates = { 1: 'waiting', 10: 'answered', 20: 'in progress', 21: 'completed', 80: 'failed', 90: 'cancelled' };
  const redemptionSteps = { requested: 'pacs.009 sent, waiting for the tokenizer', redeemed: 'pacs.002 accepted, burned', rejected: 'pacs.002 rejected, nothing moved' };
  const activity = [];
  const esc = (value) => String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
  const time = (ms) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
  const table = (id, head, rows) => {
    document.getElementById(id).innerHTML = '<tr>' + head.map((h) => '<th>' + esc(h) + '</th>').join('') + '</tr>' +
      (rows.length ? rows.map((cells) => '<tr>' + cells.map((cell) => '<td>' + cell + '</td>').join('') + '</tr>').join('') : '<tr><td class="muted" colspan="' + head.length + '">none</td></tr>');
  };
  const post = (path, body) => fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());

  function renderState(s) {
    document.getElementById('now').textContent = time(s.now);
    table('members', ['member', 'role', 'BIC', 'accounts', 'DSO issued', 'allowlist', 'autopilot'], s.members.map((m) => [
      esc(m.identification), esc(m.role), esc(m.bic), esc(m.accounts.join(', ')), esc(m.dsos.join(', ')), '<span class="wrap">' + esc(m.allowlist.join(', ')) + '</span>',
      m.autopilot.length ? m.autopilot.map((a) => '<label class="behaviour"><input type="checkbox" data-member="' + esc(m.identification) + '" data-behaviour="' + esc(a.behaviour) + '"' + (a.on ? ' checked' : '') + '> ' + esc(a.behaviour) + '</label>').join(' ') : '<span class="muted">manual</span>',
    ]));
    table('balances', ['member', 'account', 'asset', 'balance'], s.balances.map((b) => [esc(b.member), esc(b.account), esc(b.asset + ' of ' + b.issuer), esc(b.balance)]));
    table('credit-lines', ['member', 'account', 'asset', 'state', 'limit'], s.credit_lines.map((l) => [esc(l.member), esc(l.account), esc(l.asset + ' of ' + l.issuer), esc(l.state), esc(l.limit)]));
    table('queues', ['member', 'queue', 'waiting'], s.queues.map((q) => [esc(q.member), esc(q.type), esc(q.count)]));
    table('quotations', ['quotation', 'buyer', 'seller', 'pair', 'state', 'rate'], s.quotations.map((q) => ['<span class="id">' + esc(q.quotation_uuid) + '</span>', esc(q.buyer), esc(q.seller), esc(q.pair), esc(q.state + ' ' + (quotationStates[q.state] || '')), esc(q.rate ?? '')]));
    table('payments', ['instruction', 'OFI', 'RFI', 'amount', 'status'], s.payments.map((p) => ['<span class="id">' + esc(p.instruction) + '</span>', esc(p.ofi), esc(p.rfi), esc(p.amount + ' ' + p.asset), esc(p.status + (p.cancellation_requested ? ' (cancellation asked)' : ''))]));
    table('redemptions', ['instruction', 'member', 'tokenizer', 'amount', 'status'], s.redemptions.map((r) => ['<span class="id">' + esc(r.instruction) + '</span>', esc(r.member), esc(r.tokenizer), esc(r.amount + ' ' + r.asset), esc(r.status + ' (' + (redemptionSteps[r.status] || '') + ')')]));
    table('transactions', ['#', 'time', 'operations', 'status'], s.transactions.map((t) => [esc(t.transaction_reference_number), esc(time(t.timestamp)),
      '<span class="wrap">' + t.operations.map((o) => esc(o.from.member + '/' + o.from.account + ' → ' + o.to.member + '/' + o.to.account + ' ' + o.amount + ' ' + o.asset.code)).join('<br>') + '</span>',
      '<span class="' + (t.status === 'success' ? '' : 'failed') + '">' + esc(t.status + (t.failure_reason ? ': ' + t.failure_reason : '')) + '</span>']));
    renderTabs(s);
    const filter = document.getElementById('member-filter');
    const chosen = filter.value;
    filter.innerHTML = '<option value="">all</option>' + s.members.map((m) => '<option' + (m.identification === chosen ? ' selected' : '') + '>' + esc(m.identification) + '</option>').join('');
  }

  function summary(e) {
    if (e.kind === 'network') return '<span class="network">network</span> ' + esc(e.text);
    if (e.kind === 'call') return '<span class="call">' + esc(e.caller) + '</span> ' + esc(e.method + ' ' + e.path) + ' → <span class="status-' + String(e.status)[0] + '">' + esc(e.status) + '</span>';
    if (e.kind === 'delivery') return '<span class="delivery">gateway → ' + esc(e.member) + '</span> ' + esc(e.queue) + (e.payload && e.payload.sender ? ' from ' + esc(e.payload.sender) : '') + (e.payload && e.payload.financial_message_type ? ' ' + esc(e.payload.financial_message_type) : '');
    return '<span class="autopilot">autopilot ' + esc(e.member) + '</span> ' + esc(e.action) + (e.about ? ' <span class="muted">(for ' + esc(e.about) + ')</span>' : '') + ' <span class="' + (e.outcome === 'failed' ? 'failed' : 'muted') + '">[' + esc(e.rule) + ': ' + esc(e.outcome) + ']</span>';
  }
  // Everything about the member: its calls, what reaches its queues, what it sent, the autopilot's
  // answers to it, and the network's changes (clock moves, switches) that concern everyone or it.
  function involves(e, member) {
    if (e.member === member) return true;
    if (e.kind === 'delivery') return Boolean(e.payload && e.payload.sender === member);
    if (e.kind === 'autopilot') return e.about === member;
    if (e.kind === 'network') return !e.members || e.members.includes(member);
    return false;
  }
  function renderSequence() {
    const member = document.getElementById('member-filter').value;
    const shown = activity.filter((e) => !member || involves(e, member)).slice(-300).reverse();
    document.getElementById('sequence').innerHTML = '<tr><th>#</th><th>time</th><th>what</th></tr>' + shown.map((e) => {
      const body = e.kind === 'call' ? { query: e.query, request: e.request, answer: e.answer } : e.kind === 'delivery' ? e.payload : e.kind === 'network' ? { change: e.change, members: e.members } : { rule: e.rule, outcome: e.outcome, detail: e.detail, about: e.about };
      return '<tr class="entry ' + e.kind + '" data-sequence="' + e.sequence + '"><td>' + e.sequence + '</td><td>' + esc(time(e.at)) + '</td><td class="wrap"><details><summary>' + summary(e) + '</summary><pre>' + esc(JSON.stringify(body, null, 2)) + '</pre></details></td></tr>';
    }).join('');
  }

  let refreshing;
  let sequencing;
  function refresh() {
    clearTimeout(refreshing);
    refreshing = setTimeout(() => fetch('/ui/state').then((r) => r.json()).then(renderState), 150);
  }
  // A fault that is on changes what the network answers: it is shown as a red badge, never as grey text.
  async function loadFaults() {
    const [faults, readings] = await Promise.all([fetch('/sim/faults').then((r) => r.json()), fetch('/sim/readings').then((r) => r.json())]);
    const select = document.getElementById('fault');
    const chosen = select.value;
    select.innerHTML = faults.map((f) => '<option value="' + esc(f.name) + '"' + (f.name === chosen ? ' selected' : '') + '>' + esc(f.name + (f.enabled ? ' (on)' : '')) + '</option>').join('');
    const on = faults.filter((f) => f.enabled);
    document.getElementById('faults-on').innerHTML = on.length ? on.map((f) => '<span class="badge fault" title="fault on">fault on: ' + esc(f.name) + '</span>').join('') : '<span class="muted">no fault on</span>';
    document.getElementById('readings-on').innerHTML = readings.filter((r) => r.enabled).map((r) => '<span class="badge reading" title="reading played">reading: ' + esc(r.name) + '</span>').join('');
  }

  // The state's tables behind tabs, each with its row count; the chosen tab is kept in the address.
  const tabNames = { members: 'Members', balances: 'Balances', 'credit-lines': 'Credit lines', queues: 'Queues', quotations: 'Quotations', payments: 'Payments', redemptions: 'Redemptions', transactions: 'Ledger' };
  function showTab(name) {
    if (!tabNames[name]) name = 'members';
    for (const section of document.querySelectorAll('#state section')) section.hidden = section.dataset.tab !== name;
    for (const button of document.querySelectorAll('#tabs button')) button.setAttribute('aria-selected', String(button.dataset.tab === name));
  }
  function renderTabs(s) {
    const counts = { members: s.members.length, balances: s.balances.length, 'credit-lines': s.credit_lines.length, queues: s.queues.length, quotations: s.quotations.length, payments: s.payments.length, redemptions: s.redemptions.length, transactions: s.transactions.length };
    const chosen = (document.querySelector('#tabs button[aria-selected="true"]') || {}).dataset?.tab || location.hash.slice(1);
    document.getElementById('tabs').innerHTML = Object.entries(tabNames).map(([tab, label]) => '<button type="button" data-tab="' + tab + '">' + esc(label) + ' (' + counts[tab] + ')</button>').join('');
    showTab(chosen);
  }

  document.addEventListener('click', async (event) => {
    const advance = event.target.dataset && event.target.dataset.advance;
    if (advance) { await post('/sim/clock', { advance_ms: Number(advance) }); refresh(); }
    const tab = event.target.dataset && event.target.dataset.tab;
    if (tab && event.target.closest('#tabs')) { showTab(tab); history.replaceState(null, '', '#' + tab); }
    if (event.target.id === 'snapshot-take') {
      const name = document.getElementById('snapshot-name').value.trim();
      if (name) { await post('/sim/snapshots', { name }); loadSnapshots(); }
    }
    if (event.target.id === 'snapshot-restore') {
      const name = document.getElementById('snapshots').value;
      // The restore replaces the state: the events' reset starts the page over.
      if (name) await post('/sim/snapshots/' + encodeURIComponent(name) + '/restore', {});
    }
    if (event.target.id === 'fault-toggle') {
      const name = document.getElementById('fault').value;
      const on = (await fetch('/sim/faults').then((r) => r.json())).some((f) => f.name === name && f.enabled);
      await post('/sim/faults', on ? { disable: [name] } : { enable: [name] });
      loadFaults();
    }
  });
  document.addEventListener('change', async (event) => {
    const input = event.target;
    if (input.id === 'member-filter') renderSequence();
    if (input.dataset && input.dataset.behaviour) { await post('/ui/autopilot', { member: input.dataset.member, behaviour: input.dataset.behaviour, on: input.checked }); refresh(); }
  });

  async function start() {
    activity.length = 0;
    activity.push(...await fetch('/ui/activity').then((r) => r.json()));
    renderSequence();
    renderState(await fetch('/ui/state').then((r) => r.json()));
    loadFaults();
    loadSnapshots();
  }
  async function loadSnapshots() {
    const snapshots = await fetch('/sim/snapshots').then((r) => r.json());
    document.getElementById('snapshots').innerHTML = snapshots.map((s) => '<option value="' + esc(s.name) + '">' + esc(s.name) + ' (' + time(s.now) + ')</option>').join('');
  }
  const events = new EventSource('/ui/events');
  events.addEventListener('open', () => { document.getElementById('connection').textContent = 'live'; });
  events.addEventListener('error', () => { document.getElementById('connection').textContent = 'reconnecting…'; });
  events.addEventListener('activity', (message) => {
    const entry = JSON.parse(message.data);
    if (activity.length && entry.sequence <= activity[activity.length - 1].sequence) return;
    activity.push(entry);
    if (activity.length > 2000) activity.splice(0, activity.length - 2000);
    clearTimeout(sequencing);
    sequencing = setTimeout(renderSequence, 100);
    if (entry.kind === 'network' && (entry.change === 'faults' || entry.change === 'readings')) loadFaults();
    if (entry.kind === 'network' && entry.change === 'snapshot') loadSnapshots();
    refresh();
  });
  events.addEventListener('tick', (message) => { document.getElementById('now').textContent = time(JSON.parse(message.data).now); });
  events.addEventListener('reset', () => start());
  start();
})();
</script>
</body>
</html>`;
}
