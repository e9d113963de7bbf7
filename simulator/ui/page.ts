/**
 * The dashboard's one page: plain HTML, a stylesheet and a small script, no framework and no build step.
 * The script renders `/ui/state` into tables, keeps the sequence view from `/ui/activity` and the
 * `/ui/events` stream (newest first, filterable by member), and re-reads the state shortly after each
 * event, so everything updates without a reload.
 */
export function dashboardPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>DSS simulator — network</title>
<style>
  body { font: 13px/1.4 system-ui, sans-serif; margin: 0; color: #1d2330; background: #f6f7f9; }
  header { position: sticky; top: 0; z-index: 1; background: #1d2330; color: #fff; padding: 8px 16px; display: flex; gap: 16px; align-items: center; flex-wrap: wrap; }
  header h1 { font-size: 15px; margin: 0; }
  header button, header select { font: inherit; }
  main { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 12px; padding: 12px 16px; }
  section { background: #fff; border: 1px solid #dde1e7; border-radius: 6px; padding: 8px 10px; overflow: auto; max-height: 420px; }
  section.wide { grid-column: 1 / -1; max-height: 640px; }
  h2 { font-size: 13px; margin: 0 0 6px; text-transform: uppercase; letter-spacing: .04em; color: #5a6475; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: 2px 6px; border-bottom: 1px solid #eef0f3; vertical-align: top; white-space: nowrap; }
  td.wrap { white-space: normal; word-break: break-all; }
  .call { color: #1f5fbf; } .delivery { color: #2d7d46; } .autopilot { color: #8a4bb8; }
  .failed, .status-4, .status-5 { color: #b3261e; font-weight: 600; }
  details pre { white-space: pre-wrap; word-break: break-all; background: #f6f7f9; padding: 6px; margin: 4px 0; max-height: 320px; overflow: auto; }
  .muted { color: #8a93a3; }
</style>
</head>
<body>
<header>
  <h1>DSS simulator</h1>
  <span>clock <strong id="now">…</strong></span>
  <span>move the clock
    <button data-advance="1000">+1 s</button><button data-advance="60000">+1 min</button><button data-advance="900000">+15 min</button><button data-advance="86400000">+1 day</button></span>
  <span>fault <select id="fault"></select> <button id="fault-toggle">switch</button> <span id="faults-on" class="muted"></span></span>
  <span id="connection" class="muted">connecting…</span>
</header>
<main>
  <section class="wide"><h2>Members</h2><table id="members"></table></section>
  <section><h2>Balances</h2><table id="balances"></table></section>
  <section><h2>Credit lines</h2><table id="credit-lines"></table></section>
  <section><h2>Gateway queues (waiting)</h2><table id="queues"></table></section>
  <section><h2>Quotations</h2><table id="quotations"></table></section>
  <section><h2>Payments</h2><table id="payments"></table></section>
  <section><h2>Redemptions</h2><table id="redemptions"></table></section>
  <section class="wide"><h2>Ledger transactions</h2><table id="transactions"></table></section>
  <section class="wide"><h2>Sequence (newest first) — member <select id="member-filter"><option value="">all</option></select></h2><table id="sequence"></table></section>
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
      m.autopilot.length ? m.autopilot.map((a) => '<label><input type="checkbox" data-member="' + esc(m.identification) + '" data-behaviour="' + esc(a.behaviour) + '"' + (a.on ? ' checked' : '') + '> ' + esc(a.behaviour) + '</label>').join(' ') : '<span class="muted">manual</span>',
    ]));
    table('balances', ['member', 'account', 'asset', 'balance'], s.balances.map((b) => [esc(b.member), esc(b.account), esc(b.asset + ' of ' + b.issuer), esc(b.balance)]));
    table('credit-lines', ['member', 'account', 'asset', 'state', 'limit'], s.credit_lines.map((l) => [esc(l.member), esc(l.account), esc(l.asset + ' of ' + l.issuer), esc(l.state), esc(l.limit)]));
    table('queues', ['member', 'queue', 'waiting'], s.queues.map((q) => [esc(q.member), esc(q.type), esc(q.count)]));
    table('quotations', ['quotation', 'buyer', 'seller', 'pair', 'state', 'rate'], s.quotations.map((q) => [esc(q.quotation_uuid), esc(q.buyer), esc(q.seller), esc(q.pair), esc(q.state + ' ' + (quotationStates[q.state] || '')), esc(q.rate ?? '')]));
    table('payments', ['instruction', 'OFI', 'RFI', 'amount', 'status'], s.payments.map((p) => [esc(p.instruction), esc(p.ofi), esc(p.rfi), esc(p.amount + ' ' + p.asset), esc(p.status + (p.cancellation_requested ? ' (cancellation asked)' : ''))]));
    table('redemptions', ['instruction', 'member', 'tokenizer', 'amount', 'status'], s.redemptions.map((r) => [esc(r.instruction), esc(r.member), esc(r.tokenizer), esc(r.amount + ' ' + r.asset), esc(r.status + ' (' + (redemptionSteps[r.status] || '') + ')')]));
    table('transactions', ['#', 'time', 'operations', 'status'], s.transactions.map((t) => [esc(t.transaction_reference_number), esc(time(t.timestamp)),
      '<span class="wrap">' + t.operations.map((o) => esc(o.from.member + '/' + o.from.account + ' → ' + o.to.member + '/' + o.to.account + ' ' + o.amount + ' ' + o.asset.code)).join('<br>') + '</span>',
      '<span class="' + (t.status === 'success' ? '' : 'failed') + '">' + esc(t.status + (t.failure_reason ? ': ' + t.failure_reason : '')) + '</span>']));
    const filter = document.getElementById('member-filter');
    const chosen = filter.value;
    filter.innerHTML = '<option value="">all</option>' + s.members.map((m) => '<option' + (m.identification === chosen ? ' selected' : '') + '>' + esc(m.identification) + '</option>').join('');
  }

  function summary(e) {
    if (e.kind === 'call') return '<span class="call">' + esc(e.member ?? '(no token)') + '</span> ' + esc(e.method + ' ' + e.path) + ' → <span class="status-' + String(e.status)[0] + '">' + esc(e.status) + '</span>';
    if (e.kind === 'delivery') return '<span class="delivery">gateway → ' + esc(e.member) + '</span> ' + esc(e.queue) + (e.payload && e.payload.sender ? ' from ' + esc(e.payload.sender) : '') + (e.payload && e.payload.financial_message_type ? ' ' + esc(e.payload.financial_message_type) : '');
    return '<span class="autopilot">autopilot ' + esc(e.member) + '</span> ' + esc(e.action) + ' <span class="' + (e.outcome === 'failed' ? 'failed' : 'muted') + '">[' + esc(e.rule) + ': ' + esc(e.outcome) + ']</span>';
  }
  function involves(e, member) {
    if (e.member === member) return true;
    return e.kind === 'delivery' && e.payload && e.payload.sender === member;
  }
  function renderSequence() {
    const member = document.getElementById('member-filter').value;
    const shown = activity.filter((e) => !member || involves(e, member)).slice(-300).reverse();
    document.getElementById('sequence').innerHTML = '<tr><th>#</th><th>time</th><th>what</th></tr>' + shown.map((e) => {
      const body = e.kind === 'call' ? { query: e.query, request: e.request, answer: e.answer } : e.kind === 'delivery' ? e.payload : { rule: e.rule, outcome: e.outcome, detail: e.detail };
      return '<tr class="entry ' + e.kind + '" data-sequence="' + e.sequence + '"><td>' + e.sequence + '</td><td>' + esc(time(e.at)) + '</td><td class="wrap"><details><summary>' + summary(e) + '</summary><pre>' + esc(JSON.stringify(body, null, 2)) + '</pre></details></td></tr>';
    }).join('');
  }

  let refreshing;
  let sequencing;
  function refresh() {
    clearTimeout(refreshing);
    refreshing = setTimeout(() => fetch('/ui/state').then((r) => r.json()).then(renderState), 150);
  }
  async function loadFaults() {
    const faults = await fetch('/sim/faults').then((r) => r.json());
    const select = document.getElementById('fault');
    const chosen = select.value;
    select.innerHTML = faults.map((f) => '<option value="' + esc(f.name) + '"' + (f.name === chosen ? ' selected' : '') + '>' + esc(f.name + (f.enabled ? ' (on)' : '')) + '</option>').join('');
    document.getElementById('faults-on').textContent = faults.filter((f) => f.enabled).map((f) => f.name).join(', ') || 'no fault on';
  }

  document.addEventListener('click', async (event) => {
    const advance = event.target.dataset && event.target.dataset.advance;
    if (advance) { await post('/sim/clock', { advance_ms: Number(advance) }); refresh(); }
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
