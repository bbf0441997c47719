import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { LevelStorage } from '../../src/adapters/storage/level-storage.ts';
import { systemClock } from '../../src/app/clock.ts';
import { Exchange } from '../../src/app/exchange.ts';
import { HistoryProjection } from '../../src/app/history/history-projection.ts';
import { recover } from '../../src/app/recovery.ts';
import { stateHash } from '../../src/app/state-hash.ts';
import { loadConfig } from '../../src/config/index.ts';
import { apply, createCoreState, type StampedCommand } from '../../src/core/index.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const KILLS = 22;
const silent = (): void => undefined;

/** Starts the driver, lets it acknowledge `acksBeforeKill` commands, then SIGKILLs it. */
function runUntilKilled(dataDir: string, run: number, acksBeforeKill: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/crash-driver.ts'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, RUN: String(run) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const guard = setTimeout(() => child.kill('SIGKILL'), 60_000);
    const acked: string[] = [];
    let buffered = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) if (line.startsWith('ack ')) acked.push(line.slice(4));
      if (acked.length >= acksBeforeKill) child.kill('SIGKILL');
    });
    child.on('close', (_code, signal) => {
      clearTimeout(guard);
      if (signal !== 'SIGKILL') reject(new Error(`driver ended without being killed: ${stderr}`));
      else resolve(acked);
    });
  });
}

async function journalRecords(dataDir: string): Promise<StampedCommand[]> {
  const storage = await LevelStorage.open({ dataDir, durability: 'full', log: silent });
  const records: StampedCommand[] = [];
  for await (const batch of storage.journal.readFrom(0)) records.push(...batch);
  await storage.close();
  return records;
}

describe('crash recovery (SIGKILL)', () => {
  it(`after each of ${KILLS} kills: every acknowledged command is in the journal exactly once and recovery equals an offline replay`, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'basis-crash-'));
    const acknowledged = new Set<string>();
    let rebuilds = 0;
    let seed = 20261122;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let run = 0; run < KILLS; run++) {
      const acks = await runUntilKilled(dataDir, run, 1 + Math.floor(random() * 150));
      for (const id of acks) acknowledged.add(id);

      const records = await journalRecords(dataDir);
      records.forEach((record, i) => assert.equal(record.seq, i + 1, 'journal seqs are contiguous from 1'));
      const placed = new Map<string, number>();
      for (const { command } of records) {
        if (command.type === 'order.place') placed.set(command.orderId, (placed.get(command.orderId) ?? 0) + 1);
      }
      for (const id of acknowledged) assert.equal(placed.get(id), 1, `acknowledged ${id} is in the journal exactly once (run ${run})`);

      const offline = createCoreState();
      const offlineHistory = new HistoryProjection();
      for (const record of records) offlineHistory.apply(record, apply(offline, record));
      const storage = await LevelStorage.open({ dataDir, durability: 'full', log: silent });
      const recovered = await recover(storage.journal, storage.snapshots, {}, silent);
      await storage.close();
      assert.equal(stateHash(recovered.state), stateHash(offline), `run ${run}: recovery equals an offline replay`);
      // The history is written after its records are applied, so a kill often loses the
      // last of it: the exchange's start rebuilds it from the journal.
      const exchange = await Exchange.start(loadConfig({ DATA_DIR: dataDir }, root), systemClock, (line) => {
        if (line.includes('rebuilt from the replay')) rebuilds++;
      });
      assert.equal(JSON.stringify(exchange.history.toJSON()), JSON.stringify(offlineHistory.toJSON()), `run ${run}: the history equals an offline replay's`);
      await exchange.storage.close();
    }
    assert.ok(acknowledged.size >= KILLS, 'commands were acknowledged in every run');
    assert.ok(rebuilds > 0, 'some kills caught history not yet written');
  });
});
