// `node shop-standins/dist/cli.js shopware|woocommerce [options]`: starts one stand-in, prints
// its URL and credentials (ready to paste into Kontor's shop connection form); Ctrl-C stops it.
import { startShopware } from './shopware';
import { startWooCommerce } from './woocommerce';
import type { StandinShop } from './common';

const USAGE = `Usage: node shop-standins/dist/cli.js shopware|woocommerce [options]

  --port N                 port (default: shopware 8101, woocommerce 8102; 0 = any free port)
  --host H                 address to listen on (default 127.0.0.1)
  --seed N                 add N orders at the start
  --client-id ID           Shopware: integration access key id (default: random SWIA…)
  --client-secret S        Shopware: integration secret (default: random)
  --consumer-key K         WooCommerce: consumer key (default: random ck_…)
  --consumer-secret S      WooCommerce: consumer secret (default: random cs_…)
  --timezone ZONE          WooCommerce: the site's IANA time zone (default UTC)
  --webhook-url URL        deliver webhooks to URL …
  --webhook-secret S       … signed with S
`;

function parseArgs(argv: string[]): { kind: string; opts: Record<string, string> } {
  const [kind, ...rest] = argv;
  const opts: Record<string, string> = {};
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (!arg.startsWith('--')) throw new Error(`unexpected argument "${arg}"`);
    const eq = arg.indexOf('=');
    if (eq > 0) {
      opts[arg.slice(2, eq)] = arg.slice(eq + 1);
    } else {
      const value = rest[i + 1];
      if (value === undefined || value.startsWith('--')) throw new Error(`${arg} needs a value`);
      opts[arg.slice(2)] = value;
      i++;
    }
  }
  return { kind: kind ?? '', opts };
}

const KNOWN: Record<string, string[]> = {
  shopware: ['port', 'host', 'seed', 'client-id', 'client-secret', 'webhook-url', 'webhook-secret'],
  woocommerce: [
    'port',
    'host',
    'seed',
    'consumer-key',
    'consumer-secret',
    'timezone',
    'webhook-url',
    'webhook-secret',
  ],
};

async function main(): Promise<void> {
  let parsed: { kind: string; opts: Record<string, string> };
  try {
    parsed = parseArgs(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  const { kind, opts } = parsed;
  if (!KNOWN[kind]) {
    process.stderr.write(USAGE);
    process.exit(kind === '--help' || kind === '-h' ? 0 : 2);
  }
  const unknown = Object.keys(opts).filter((k) => !KNOWN[kind].includes(k));
  if (unknown.length) {
    process.stderr.write(
      `unknown option(s) for ${kind}: ${unknown.map((k) => '--' + k).join(', ')}\n\n${USAGE}`,
    );
    process.exit(2);
  }
  const port = opts.port !== undefined ? Number(opts.port) : kind === 'shopware' ? 8101 : 8102;
  const seed = opts.seed !== undefined ? Number(opts.seed) : 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535 || !Number.isInteger(seed) || seed < 0) {
    process.stderr.write(`--port and --seed take whole numbers\n`);
    process.exit(2);
  }
  const webhook =
    opts['webhook-url'] !== undefined
      ? { url: opts['webhook-url'], secret: opts['webhook-secret'] ?? '' }
      : undefined;

  let shop: StandinShop;
  let lines: string[];
  if (kind === 'shopware') {
    const sw = await startShopware({
      port,
      host: opts.host,
      clientId: opts['client-id'],
      clientSecret: opts['client-secret'],
      webhook,
    });
    if (seed) sw.addOrders(seed);
    shop = sw;
    lines = [
      'Shopware 6 stand-in (Admin API) is running.',
      `  Shop URL:                          ${sw.url}`,
      `  Access key ID (client_id):         ${sw.clientId}`,
      `  Secret access key (client_secret): ${sw.clientSecret}`,
    ];
  } else {
    const wc = await startWooCommerce({
      port,
      host: opts.host,
      consumerKey: opts['consumer-key'],
      consumerSecret: opts['consumer-secret'],
      timeZone: opts.timezone,
      webhook,
    });
    if (seed) wc.addOrders(seed);
    shop = wc;
    lines = [
      'WooCommerce stand-in (REST API v3) is running.',
      `  Shop URL:         ${wc.url}`,
      `  Consumer key:     ${wc.consumerKey}`,
      `  Consumer secret:  ${wc.consumerSecret}`,
      `  Site time zone:   ${wc.timeZone}`,
    ];
  }
  lines.push(
    `  Orders:           ${seed}`,
    `  The stand-in's page (orders, "Add order", misbehaviour): ${shop.url}/`,
    '  Ctrl-C stops it.',
    '',
  );
  process.stdout.write(lines.join('\n'));

  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    shop.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
