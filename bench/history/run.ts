/**
 * npm run bench:history
 *
 * What a long-lived exchange costs for every order it ever took: memory and start-up.
 * The history users query (every order and trade, per account) grows with the exchange's
 * whole life, unlike the live state. This writes ORDERS orders through the exchange
 * itself (Exchange: sequencer, group commit, LevelDB with the shipped configuration, the
 * history and its archive), as crossing pairs between 100 accounts that open and then
 * close positions, so that each order fills: an order record and a trade record for each
 * side. Then, in a fresh process started with `npm start`'s node flags, it times the
 * start after the clean stop (snapshot, history checkpoint) and after a crash (the
 * checkpoint cleared: the history rebuilt from the journal's sidecars), and reads the memory
 * after a full collection: heap, array buffers outside it (the archive's index and
 * chunks, the order-id indexes), the archive's share of those, resident size. Per-order figures
 * are those numbers over the orders written (the empty exchange's memory subtracted).
 * The last stdout line is one JSON object.
 *
 * Knobs: BENCH_HISTORY_ORDERS (default 1000000), BENCH_HISTORY_ACCOUNTS (100).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { LevelStorage } from '../../src/adapters/storage/level-storage.ts';
import { systemClock } from '../../src/app/clock.ts';
import { Exchange } from '../../src/app/exchange.ts';
import { loadConfig } from '../../src/config/index.ts';
import type { Command } from '../../src/core/index.ts';
import { startScriptNodeFlags } from '../../test/support/server-process.ts';

const orders = Number(process.env.BENCH_HISTORY_ORDERS ?? 1_000_000);
const accounts = Number(process.env.BENCH_HISTORY_ACCOUNTS ?? 100);
const silent = (): void => undefined;
const log = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

interface Measured {
  readonly startSeconds: number;
  readonly heapBytes: number;
  readonly archiveBytes: number;
  /** Memory outside the heap in array buffers: the archive's index and chunks, the order-id indexes. */
  readonly arrayBufferBytes: number;
  readonly rssBytes: number;
  readonly orders: number;
  readonly trades: number;
}

/**
 * The child: starts the exchange on the data folder, then reports its memory after a full
 * collection. With `rebuild`, the history checkpoint of the last stop is cleared first:
 * the start after a crash, which rebuilds the history from every sidecar.
 */
async function measureStart(dataDir: string, rebuild: boolean): Promise<void> {
  if (rebuild) {
    const storage = await LevelStorage.open({ dataDir, durability: 'full', log: silent });
    await storage.historyCheckpoint.clear();
    await storage.close();
  }
  const started = performance.now();
  const exchange = await Exchange.start(loadConfig({ DATA_DIR: dataDir }, process.cwd()), systemClock, silent);
  const startSeconds = (performance.now() - started) / 1000;
  // Twice, a moment apart: array buffers are freed by a sweeper after the collection.
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  await new Promise((resolve) => setTimeout(resolve, 200));
  gc?.();
  const memory = process.memoryUsage();
  const measured: Measured = {
    startSeconds,
    heapBytes: memory.heapUsed,
    archiveBytes: exchange.history.archived.bytes,
    arrayBufferBytes: memory.arrayBuffers,
    rssBytes: memory.rss,
    orders: exchange.history.totalOrders,
    trades: exchange.history.totalTrades,
  };
  await exchange.stop();
  process.stdout.write(`${JSON.stringify(measured)}\n`);
}

function inFreshProcess(dataDir: string, rebuild = false): Measured {
  const flags = [...startScriptNodeFlags(), '--expose-gc'];
  const run = spawnSync(process.execPath, ['--import', 'tsx', ...flags, process.argv[1]!], {
    env: { ...process.env, BENCH_HISTORY_MEASURE: dataDir, BENCH_HISTORY_REBUILD: rebuild ? '1' : '' },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`the measuring process failed: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1)!) as Measured;
}

/** Pair k: account k's buy against account k+1's sell; every other round closes what the one before opened. */
function pair(k: number, symbol: string, price: number): Command[] {
  const round = Math.floor(k / accounts) % 2;
  // Positions opened today close with CLOSETODAY on SHFE.
  const offset = round === 0 ? 'OPEN' : 'CLOSETODAY';
  const side = (account: number, id: number, direction: 'BUY' | 'SELL'): Command => ({
    type: 'order.place', accountId: `A${account}`, orderId: `o${id}`, instrumentId: symbol, direction, offset,
    priceType: 'LIMIT', price, volume: 1, timeCondition: 'GFD', volumeCondition: 'ANY',
  });
  const buyer = k % accounts;
  const seller = (k + 1) % accounts;
  // The opening round makes each account long once (as buyer) and short once (as seller);
  // the closing round sells the long and buys back the short.
  return round === 0 ? [side(buyer, 2 * k, 'BUY'), side(seller, 2 * k + 1, 'SELL')] : [side(seller, 2 * k + 1, 'SELL'), side(buyer, 2 * k, 'BUY')];
}

async function write(dataDir: string): Promise<{ seconds: number }> {
  const config = loadConfig({ DATA_DIR: dataDir }, process.cwd());
  const exchange = await Exchange.start(config, systemClock, silent);
  const setup: Command[] = [];
  for (let a = 0; a < accounts; a++) {
    setup.push({ type: 'user.register', userId: `u${a}`, username: `user${a}`, passwordHash: 'h', role: 'user' });
    setup.push({ type: 'account.open', userId: `u${a}`, accountId: `A${a}`, initialBalance: 1e12 });
  }
  await exchange.submitAll(setup);
  const instrument = config.instruments[0]!;
  const started = performance.now();
  for (let k = 0; k < orders / 2; k += 5_000) {
    const batch: Command[] = [];
    for (let i = k; i < Math.min(orders / 2, k + 5_000); i++) batch.push(...pair(i, instrument.instrumentId, instrument.preSettlement));
    await exchange.submitAll(batch);
  }
  const seconds = (performance.now() - started) / 1000;
  await exchange.stop();
  return { seconds };
}

function folderBytes(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + statSync(path.join(entry.parentPath, entry.name)).size, 0);
}

async function main(): Promise<void> {
  const emptyDir = mkdtempSync(path.join(tmpdir(), 'basis-bench-history-empty-'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'basis-bench-history-'));
  try {
    log(`bench:history: ${orders.toLocaleString('en')} orders in crossing pairs among ${accounts} accounts; node ${process.version}`);
    const written = await write(dataDir);
    // Measured before the measuring starts rewrite the checkpoint (the store drops the old one at its next compaction).
    const storeBytes = folderBytes(dataDir);
    // The same exchange with nothing written: what every exchange holds, to subtract.
    await (await Exchange.start(loadConfig({ DATA_DIR: emptyDir }, process.cwd()), systemClock, silent)).stop();
    const empty = inFreshProcess(emptyDir);
    const full = inFreshProcess(dataDir);
    // The child's own stop wrote a checkpoint again: cleared by the next child.
    const rebuilt = inFreshProcess(dataDir, true);
    const perOrder = (bytes: number): number => Math.round(bytes / full.orders);
    const mb = (bytes: number): number => Math.round(bytes / 2 ** 20);
    log(`wrote ${full.orders.toLocaleString('en')} orders (${full.trades.toLocaleString('en')} trades) in ${written.seconds.toFixed(1)} s; store ${mb(storeBytes)} MB, history checkpoint included`);
    log(
      `start after a clean stop (history checkpoint): ${full.startSeconds.toFixed(2)} s; after a crash (history rebuilt from the journal): ` +
        `${rebuilt.startSeconds.toFixed(2)} s (empty exchange: ${empty.startSeconds.toFixed(2)} s)`,
    );
    log(
      `memory after a full collection: heap ${mb(full.heapBytes)} MB, array buffers ${mb(full.arrayBufferBytes)} MB (of which the history archive ${mb(full.archiveBytes)} MB), ` +
        `resident ${mb(full.rssBytes)} MB (empty exchange: heap ${mb(empty.heapBytes)} MB, array buffers ${mb(empty.arrayBufferBytes)} MB, resident ${mb(empty.rssBytes)} MB)`,
    );
    log(
      JSON.stringify({
        bench: 'history',
        orders: full.orders,
        trades: full.trades,
        write_orders_per_sec: Math.round(full.orders / written.seconds),
        start_s: Math.round(full.startSeconds * 100) / 100,
        start_us_per_order: Math.round(((full.startSeconds - empty.startSeconds) / full.orders) * 1e6 * 100) / 100,
        rebuild_start_s: Math.round(rebuilt.startSeconds * 100) / 100,
        rebuild_us_per_order: Math.round(((rebuilt.startSeconds - empty.startSeconds) / full.orders) * 1e6 * 100) / 100,
        heap_bytes_per_order: perOrder(full.heapBytes - empty.heapBytes),
        array_buffer_bytes_per_order: perOrder(full.arrayBufferBytes - empty.arrayBufferBytes),
        archive_bytes_per_order: perOrder(full.archiveBytes - empty.archiveBytes),
        rss_bytes_per_order: perOrder(full.rssBytes - empty.rssBytes),
        heap_mb: mb(full.heapBytes),
        rss_mb: mb(full.rssBytes),
        store_mb: mb(storeBytes),
      }),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(emptyDir, { recursive: true, force: true });
  }
}

if (process.env.BENCH_HISTORY_MEASURE !== undefined) await measureStart(process.env.BENCH_HISTORY_MEASURE, process.env.BENCH_HISTORY_REBUILD === '1');
else await main();
