#!/usr/bin/env node
// `npm run bench`: every benchmark, one after another. They print tables; none is a test.
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
for (const step of [
  ['node', ['build/build.mjs']],
  ['npm', ['run', 'build', '-w', 'server']],
  ['npm', ['run', 'build', '-w', 'shop-standins']],
  ['node', ['bench/load.mjs']],
  ['node', ['bench/graphql.mjs']],
  ['node', ['bench/deploy.mjs']],
  ['node', ['bench/realtime.mjs']],
  ['node', ['bench/jobs.mjs']],
  ['node', ['bench/products-import.mjs']],
  ['node', ['bench/stock.mjs']],
  ['node', ['bench/orders.mjs']],
  ['node', ['bench/orders-import.mjs']],
  ['node', ['bench/fulfillment.mjs']],
  ['node', ['bench/packing.mjs']],
  ['node', ['bench/stocktaking.mjs']],
  ['node', ['bench/connectors.mjs']],
]) {
  const result = spawnSync(step[0], step[1], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
