// The stand-in's own small page at / and /__standin: credentials, the orders, "Add order" and
// the misbehaviour switches. Plain HTML and a little inline script, no external assets.

export interface PageConfig {
  kind: 'shopware' | 'woocommerce';
  title: string;
  /** Label/value pairs, ready to paste into Kontor's shop connection form. */
  credentials: [string, string][];
  shippingLabel: string;
  shippingDefault: string;
  stateLabel: string;
  stateField: string;
  stateOptions: string[];
  stateDefault: string;
}

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const SWITCHES: [string, string, 'number' | 'checkbox', string][] = [
  ['latencyMs', 'Latency (ms)', 'number', '1'],
  ['rate429', 'Share answered 429 (0–1)', 'number', '0.05'],
  ['retryAfterSeconds', 'Retry-After of a 429 (s)', 'number', '1'],
  ['rate503', 'Share answered 503 (0–1)', 'number', '0.05'],
  ['tokenLifetimeSeconds', 'Token lifetime (s, Shopware)', 'number', '1'],
  ['clockOffsetMs', 'Shop clock offset (ms)', 'number', '1000'],
  ['lateWriteSeconds', 'Late write of new orders (s)', 'number', '1'],
  ['webhookDuplicates', 'Extra deliveries of each webhook', 'number', '1'],
  ['unstableTies', 'Unstable order of ties', 'checkbox', ''],
  ['webhookBadSignature', 'Webhooks signed with a wrong key', 'checkbox', ''],
];

export function renderPage(config: PageConfig): string {
  const credentials = config.credentials
    .map(
      ([label, value]) =>
        `<tr><th>${escapeHtml(label)}</th><td><code>${escapeHtml(value)}</code></td></tr>`,
    )
    .join('');
  const options = config.stateOptions
    .map((o) => `<option${o === config.stateDefault ? ' selected' : ''}>${escapeHtml(o)}</option>`)
    .join('');
  const switches = SWITCHES.map(([key, label, type, step]) =>
    type === 'checkbox'
      ? `<label><input type="checkbox" name="${key}"> ${escapeHtml(label)}</label>`
      : `<label>${escapeHtml(label)} <input type="number" name="${key}" step="${step}" min="${key === 'clockOffsetMs' ? '' : '0'}"></label>`,
  ).join('\n      ');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(config.title)}</title>
<style>
  body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5rem; color: #1c2127; }
  h1 { font-size: 1.3rem; margin: 0 0 .25rem; }
  h2 { font-size: 1.05rem; margin: 1.5rem 0 .5rem; }
  p.note { color: #5f6b7c; margin: 0 0 1rem; }
  table { border-collapse: collapse; }
  th, td { text-align: left; padding: .25rem .6rem; border-bottom: 1px solid #dce0e5; vertical-align: top; }
  #orders th { background: #f6f7f9; }
  code { font-size: 13px; }
  form { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: end; }
  form label { display: flex; flex-direction: column; font-size: 12px; color: #404854; }
  form label:has(input[type=checkbox]) { flex-direction: row; align-items: center; gap: .3rem; font-size: 14px; }
  input, select, button { font: inherit; padding: .2rem .4rem; }
  #status { color: #5f6b7c; }
</style>
</head>
<body>
<h1>${escapeHtml(config.title)}</h1>
<p class="note">A local stand-in for development and tests: it speaks the shop's API at this base URL. Not a real shop.</p>
<table id="credentials">${credentials}</table>

<h2>Add order</h2>
<form id="add-order">
  <label>SKU <input name="sku" value="SKU-1" required></label>
  <label>Quantity <input name="quantity" type="number" min="1" value="1" required></label>
  <label>${escapeHtml(config.shippingLabel)} <input name="shipping" value="${escapeHtml(config.shippingDefault)}"></label>
  <label>${escapeHtml(config.stateLabel)} <select name="state">${options}</select></label>
  <button type="submit">Add order</button>
</form>

<h2>Misbehaviour</h2>
<form id="misbehave">
      ${switches}
  <button type="submit">Apply</button>
  <button type="button" id="reset">Reset all</button>
</form>

<h2>Orders</h2>
<p id="status">Loading…</p>
<table id="orders">
  <thead><tr><th>Order</th><th>Status</th><th>Payment</th><th>Items</th><th>Tracking</th><th>Delivery</th></tr></thead>
  <tbody></tbody>
</table>

<script>
const KIND = ${JSON.stringify(config.kind)};
const STATE_FIELD = ${JSON.stringify(config.stateField)};
const $ = (sel) => document.querySelector(sel);
let switchesShown = false;

function showSwitches(s) {
  for (const [key, value] of Object.entries(s)) {
    const input = document.querySelector('#misbehave [name="' + key + '"]');
    if (!input) continue;
    if (input.type === 'checkbox') input.checked = Boolean(value); else input.value = String(value);
  }
}

async function refresh() {
  try {
    const res = await fetch('/__standin/state', { cache: 'no-store' });
    const state = await res.json();
    const body = $('#orders tbody');
    body.replaceChildren();
    for (const row of state.rows.slice().reverse()) {
      const tr = document.createElement('tr');
      for (const key of ['order', 'status', 'payment', 'items', 'tracking', 'delivery']) {
        const td = document.createElement('td');
        td.textContent = row[key];
        tr.appendChild(td);
      }
      body.appendChild(tr);
    }
    $('#status').textContent = state.orderCount + ' orders · ' + state.requests + ' API requests · '
      + state.earlyRequests + ' ignored a Retry-After · shop clock ' + state.now;
    if (!switchesShown) { showSwitches(state.switches); switchesShown = true; }
  } catch (e) {
    $('#status').textContent = 'The stand-in does not answer: ' + e;
  }
}

$('#add-order').addEventListener('submit', async (ev) => {
  ev.preventDefault();
  const f = new FormData(ev.target);
  const sku = String(f.get('sku'));
  const quantity = Number(f.get('quantity'));
  const shipping = String(f.get('shipping') || '');
  const seed = { lineItems: [{ sku, quantity }] };
  if (KIND === 'shopware') {
    if (shipping) seed.shippingMethod = { technicalName: shipping };
  } else if (shipping) {
    const [methodId, instanceId] = shipping.split(':');
    seed.shippingLines = [{ method_id: methodId, instance_id: instanceId || '1', method_title: methodId }];
  }
  seed[STATE_FIELD] = String(f.get('state'));
  const res = await fetch('/__standin/orders', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(seed) });
  if (!res.ok) alert((await res.json()).error);
  refresh();
});

$('#misbehave').addEventListener('submit', async (ev) => {
  ev.preventDefault();
  const change = {};
  for (const input of ev.target.querySelectorAll('input')) {
    if (input.type === 'checkbox') change[input.name] = input.checked;
    else if (input.value !== '') change[input.name] = Number(input.value);
  }
  const res = await fetch('/__standin/misbehave', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(change) });
  const answer = await res.json();
  if (!res.ok) alert(answer.error); else showSwitches(answer);
});

$('#reset').addEventListener('click', async () => {
  const res = await fetch('/__standin/reset', { method: 'POST' });
  showSwitches(await res.json());
});

refresh();
setInterval(refresh, 2000);
</script>
</body>
</html>
`;
}
