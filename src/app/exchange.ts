import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { LevelStorage } from '../adapters/storage/level-storage.ts';
import type { ExchangeConfig } from '../config/index.ts';
import { type ApplyResult, type Command, CORE_VERSION, type CoreState, ResultCode } from '../core/index.ts';
import { MarketDataProjection, type SavedMarketData } from '../marketdata/index.ts';
import type { Clock } from './clock.ts';
import { ConditionalExpiry } from './conditional-expiry.ts';
import { GroupCommitter } from './group-commit.ts';
import { encodeSidecar } from './history/history-codec.ts';
import { type HistoryOptions, HistoryProjection, type SavedHistory } from './history/history-projection.ts';
import { rebuildHistory, type ReplayedSidecar } from './history/history-recovery.ts';
import { instrumentDrift } from './instrument-drift.ts';
import { MarketSchedule } from './market-schedule.ts';
import { recover } from './recovery.ts';
import { type Sequenced, Sequencer } from './sequencer.ts';
import { takeSnapshot } from './snapshotter.ts';
import { scheduledTradingDayAt, tradingDayAt } from './trading-calendar.ts';


/** Raised for commands that arrive after shutdown began. */
export class ExchangeStoppingError extends Error {
  constructor(message = 'the exchange is shutting down and accepts no new commands') {
    super(message);
    this.name = 'ExchangeStoppingError';
  }
}

/**
 * The running exchange: storage, recovered state, the single-writer sequencer with group
 * commit, and the projections. Everything that changes state goes through `submit`,
 * which resolves once the command is durable.
 */
export class Exchange {
  private commandsSinceSnapshot = 0;
  /** The seq the newest snapshot holds (the one recovered from, until one is written). */
  private snapshotSeq = 0;
  private snapshotTimer: NodeJS.Timeout | undefined;
  private snapshotting: Promise<unknown> = Promise.resolve();
  private stopped = false;
  /** Scheduled sessions: opens and closes the market and settles the day (market-schedule.ts). */
  private schedule: MarketSchedule | undefined;
  /** Expires conditional orders at their deadline on a quiet exchange (conditional-expiry.ts). */
  private expiry: ConditionalExpiry | undefined;

  private constructor(
    readonly config: ExchangeConfig,
    readonly storage: LevelStorage,
    readonly sequencer: Sequencer,
    readonly committer: GroupCommitter,
    readonly history: HistoryProjection,
    readonly marketData: MarketDataProjection,
    private readonly log: (line: string) => void,
  ) {}

  /** Opens storage in DATA_DIR, recovers, and brings the state in line with the configuration. */
  static async start(config: ExchangeConfig, clock: Clock, log: (line: string) => void): Promise<Exchange> {
    const storage = await LevelStorage.open({ dataDir: config.dataDir, durability: config.storage.durability, log }).catch((error: unknown) => {
      throw damageNamed(error, config.dataDir);
    });
    try {
      return await Exchange.recoverOn(storage, config, clock, log);
    } catch (error) {
      // A start that fails (a record it cannot replay, another core version's commands)
      // releases the store: the process, or a test, may open it again.
      await storage.close().catch(() => undefined);
      throw damageNamed(error, config.dataDir);
    }
  }

  private static async recoverOn(storage: LevelStorage, config: ExchangeConfig, clock: Clock, log: (line: string) => void): Promise<Exchange> {
    // Finished orders and trades go to the store in chunks, out of memory (RecordArchive).
    const historyOptions = { archiveStore: storage.archive };
    let history = new HistoryProjection(historyOptions);
    // The last clean stop's checkpoint spares rebuilding the history from every sidecar.
    const checkpoint = await Exchange.loadHistoryCheckpoint(storage, historyOptions, log);
    const timeZone = config.exchange.timezone;
    let marketData = new MarketDataProjection(timeZone);
    // Snapshots written before the history moved to the journal's sidecars carry it.
    let historyBaseSeq = 0;
    // Sidecars are written after their records are applied: a crash may have lost the
    // last ones, and the replay rebuilds them (encoded at once: events hold pooled orders).
    const storedThrough = await storage.journal.sidecarsStoredThrough();
    const replayedSidecars: ReplayedSidecar[] = [];
    // A journal begins under the core's default rules; the configured ones enter it as a
    // rules.set command (alignWithConfig), so a replay never depends on today's
    // configuration. Commands another core version applied are not replayed at all.
    const coreVersions = await storage.coreVersions();
    const recovered = await recover(storage.journal, storage.snapshots, {}, log, (projections) => {
      if (projections.history !== undefined) {
        history = HistoryProjection.fromJSON(projections.history as SavedHistory, historyOptions);
        historyBaseSeq = Number(projections.historySeq ?? 0);
      }
      if (projections.marketData !== undefined) marketData = MarketDataProjection.fromJSON(timeZone, projections.marketData as SavedMarketData);
      return (stamped, result, state) => {
        marketData.apply(stamped, result, state);
        if (stamped.seq <= storedThrough) return;
        const events = HistoryProjection.relevant(result.events);
        if (events !== undefined) replayedSidecars.push([stamped.seq, encodeSidecar(stamped.ts, events)]);
      };
    }, coreVersions);
    storage.refuseLostCommands(recovered.state.lastSeq);
    // Every command from here on is applied by this version (see recover).
    await storage.recordCoreVersion(recovered.state.lastSeq + 1, CORE_VERSION);
    let fromCheckpoint = false;
    if (checkpoint !== undefined && checkpoint.seq > recovered.state.lastSeq) {
      log(`storage: the history checkpoint cannot be used (it is at seq ${checkpoint.seq}, past the journal's end, ${recovered.state.lastSeq}); rebuilding the history from the journal`);
      await storage.historyCheckpoint.clear();
    } else if (checkpoint !== undefined) {
      history = checkpoint.history;
      historyBaseSeq = checkpoint.seq;
      fromCheckpoint = true;
    }
    // The history is rebuilt from the events stored beside the journal (never pruned),
    // so it needs no snapshot and a snapshot's cost does not grow with it.
    const rebuilt = await rebuildHistory(history, storage.journal.sidecars(historyBaseSeq), replayedSidecars, historyBaseSeq);
    for (const run of rebuilt.lost) await storage.journal.storeSidecars(run);
    // Conditional orders from before the history kept them: the pending ones the core holds,
    // and the finished ones a snapshot of an earlier format held.
    let adopted = 0;
    for (const pending of recovered.state.conditionals.pending.values()) if (history.conditionals.adopt(pending.toRecord())) adopted++;
    for (const record of recovered.finishedConditionals) if (history.conditionals.adopt(record)) adopted++;
    const lost = rebuilt.lost.reduce((sum, run) => sum + run.length, 0);
    log(
      `storage: recovered seq ${recovered.state.lastSeq} (snapshot ${recovered.snapshotSeq}, ${recovered.replayed} records replayed; ` +
        `history ${fromCheckpoint ? `from the checkpoint at seq ${historyBaseSeq} and` : 'from'} ${rebuilt.events} stored events` +
        `${lost > 0 ? `, ${lost} records' history rebuilt from the replay` : ''}` +
        `${adopted > 0 ? `, ${adopted} conditional orders added to it from the core state` : ''})`,
    );
    const sequencer = new Sequencer(recovered.state, storage.journal, clock);
    sequencer.onApplied(({ stamped, result }) => {
      history.apply(stamped, result);
      marketData.apply(stamped, result, sequencer.state);
      const events = HistoryProjection.relevant(result.events);
      if (events !== undefined) storage.journal.attach(stamped.seq, encodeSidecar(stamped.ts, events));
    });
    const committer = new GroupCommitter(sequencer, storage.journal, log);
    committer.onDurable((batch) => {
      const last = batch.at(-1);
      if (last !== undefined) storage.durableMark.durableThrough(last.stamped.seq);
    });
    const exchange = new Exchange(config, storage, sequencer, committer, history, marketData, log);
    exchange.snapshotSeq = recovered.snapshotSeq;
    await exchange.alignWithConfig(clock);
    if (config.exchange.sessionMode === 'scheduled') {
      const { tradingHours, settlementTime, timezone } = config.exchange;
      const schedule = new MarketSchedule(() => exchange.state, (command) => exchange.submit(command), clock, { tradingHours, settlementTime, timeZone: timezone }, log);
      exchange.schedule = schedule;
      await schedule.start();
    }
    const expiry = new ConditionalExpiry(() => exchange.state, (command) => exchange.submit(command), clock, log);
    exchange.expiry = expiry;
    committer.onDurable(() => expiry.watch());
    expiry.watch();
    exchange.snapshotTimer = setInterval(() => void exchange.snapshot('timer'), config.storage.snapshotEverySeconds * 1000);
    // The servers keep the process alive, not the snapshot timer.
    exchange.snapshotTimer.unref();
    // Records replayed at a start mean the last stop was no clean one (that writes a
    // snapshot at its last command). An exchange that crashed before each snapshot would
    // replay a journal growing with every life (a review's 15 crashes took the start from
    // 1.1 to 2.7 s): past a tenth of the snapshot interval, snapshot now.
    if (recovered.replayed >= Math.max(1, Math.floor(config.storage.snapshotEveryCommands / 10))) void exchange.snapshot('after a replay');
    return exchange;
  }

  /** Submits what the session schedule has due now (scheduled sessions; its timer does this at every whole minute). */
  runSchedule(): Promise<void> {
    return this.schedule?.tick() ?? Promise.resolve();
  }

  /**
   * The core state, for queries: it holds only durable commands (they are applied once
   * their journal write is), so nothing read from it can be lost to a crash.
   */
  get state(): CoreState {
    return this.sequencer.state;
  }

  /**
   * Journals a command; resolves once it is durable and applied (`afterPublication`: and
   * published to the DIFF server, for callers that tell a DIFF client about it).
   */
  async submit(command: Command, options?: { readonly afterPublication?: boolean }): Promise<Sequenced> {
    if (this.stopped) throw new ExchangeStoppingError();
    const applied = await this.committer.submit(command, options);
    this.countDurableCommands();
    return applied;
  }

  /**
   * A command journaled now and applied once durable, whose caller hears only of a
   * failure (DIFF inserts: the outcome reaches the client as patches once durable), or
   * of a refusal that left no record to show (`silent`: the core refused it without an
   * event, e.g. an order id a live order holds). No promise per command. False when it
   * was refused at once (`failed` already called).
   */
  submitUnacknowledged(command: Command, failed: (error: Error) => void, silent?: (result: ApplyResult) => void): boolean {
    if (this.stopped) {
      failed(new ExchangeStoppingError());
      return false;
    }
    return this.committer.submitUnacknowledged(
      command,
      (applied) => {
        this.countDurableCommands();
        if (silent !== undefined && applied.result.code !== ResultCode.Success && applied.result.events.length === 0) silent(applied.result);
      },
      failed,
    );
  }

  /** After durable commands: a snapshot every `snapshot_every_commands`. */
  private countDurableCommands(count = 1): void {
    this.commandsSinceSnapshot += count;
    if (this.commandsSinceSnapshot >= this.config.storage.snapshotEveryCommands) void this.snapshot('count');
  }

  /** Several commands journaled in order, applied and acknowledged together once durable (batch requests). */
  async submitAll(commands: readonly Command[]): Promise<readonly Sequenced[]> {
    if (this.stopped) throw new ExchangeStoppingError();
    const applied = await this.committer.submitAll(commands);
    this.countDurableCommands(commands.length);
    return applied;
  }

  /** A snapshot at the current command boundary; covered journal records are pruned. */
  snapshot(reason: string): Promise<unknown> {
    // Reset when scheduled, not when taken: the commands that finish before the snapshot
    // runs must not each queue another one.
    this.commandsSinceSnapshot = 0;
    this.snapshotting = this.snapshotting.then(async () => {
      if (this.sequencer.state.lastSeq === 0) return;
      // The timer's snapshot of an idle exchange would be the newest one again: a whole
      // serialise, hash and fsync'd write of the state, every interval, for nothing.
      if (reason === 'timer' && this.sequencer.state.lastSeq === this.snapshotSeq) return;
      // After a halt the state may be half-applied: a snapshot of it would be restored at
      // the next start instead of replaying the journal, and prune the records that could
      // rebuild it. A restart replays from the last good snapshot instead.
      if (this.sequencer.isHalted) {
        this.log(`storage: no snapshot (${reason}): the core halted after an internal error`);
        return;
      }
      const seq = await takeSnapshot(
        this.sequencer.state,
        this.storage.journal,
        this.storage.snapshots,
        (s) => this.storage.journal.pruneThrough(s),
        () => ({ marketData: this.marketData.toJSON() }),
      );
      this.snapshotSeq = seq;
      this.log(`storage: snapshot at seq ${seq} (${reason})`);
    }).catch((error: unknown) => this.log(`storage: snapshot failed: ${(error as Error).message}`));
    return this.snapshotting;
  }

  /** A full compaction of the store; a store it leaves refusing writes stops the exchange taking commands at once. */
  async compactStorage(): Promise<void> {
    try {
      await this.storage.compact();
    } catch (error) {
      this.committer.storageFailed(error);
      throw error;
    }
  }

  /**
   * Finishes the commands in flight and writes the shutdown snapshot; false when it could
   * not, because storage had failed (every acknowledged command is in the journal all the
   * same, and the next start replays it): not a clean stop, for the supervisor to see.
   */
  async stop(): Promise<boolean> {
    this.stopped = true;
    if (this.snapshotTimer !== undefined) clearInterval(this.snapshotTimer);
    await this.schedule?.stop();
    await this.expiry?.stop();
    await this.committer.drain();
    const snapshotted = !this.committer.isFailed;
    if (snapshotted) await this.snapshot('shutdown');
    else this.log('storage: no shutdown snapshot, storage had failed; the next start replays the journal');
    await this.history.flush();
    // A checkpoint holds the history through the last applied command: only when the
    // shutdown snapshot landed at that command (not after a failed write, a halted core).
    if (snapshotted && this.snapshotSeq === this.sequencer.state.lastSeq && !this.sequencer.isHalted) await this.saveHistoryCheckpoint();
    else this.log('storage: no history checkpoint (no shutdown snapshot); the next start goes from the previous one, or rebuilds the history');
    await this.storage.close();
    return snapshotted;
  }

  /**
   * The history as it is, for the next start (HistoryProjection.checkpoint). A stop that
   * cannot write one leaves the previous checkpoint, which is still a valid start: the
   * history after it is rebuilt from the sidecars, never pruned.
   */
  private async saveHistoryCheckpoint(): Promise<void> {
    const started = performance.now();
    const bytes = this.history.checkpoint();
    if (bytes === undefined) {
      this.log('storage: no history checkpoint (an archive chunk is not stored); the next start goes from the previous one, or rebuilds the history');
      return;
    }
    try {
      await this.storage.historyCheckpoint.save(this.sequencer.state.lastSeq, bytes);
      this.log(`storage: history checkpoint at seq ${this.sequencer.state.lastSeq} (${(bytes.length / 2 ** 20).toFixed(1)} MB, ${Math.round(performance.now() - started)} ms)`);
    } catch (error) {
      this.log(`storage: writing the history checkpoint failed (${(error as Error).message}); the next start goes from the previous one, or rebuilds the history`);
    }
  }

  /**
   * The last clean stop's history checkpoint, read (whether the journal can take it, its
   * seq within the recovered state, is checked after recovery). One that cannot be read
   * is dropped and the history rebuilt, with a log line.
   */
  private static async loadHistoryCheckpoint(
    storage: LevelStorage,
    options: HistoryOptions,
    log: (line: string) => void,
  ): Promise<{ readonly seq: number; readonly history: HistoryProjection } | undefined> {
    try {
      const stored = await storage.historyCheckpoint.load();
      if (stored === undefined) return undefined;
      return { seq: stored.seq, history: HistoryProjection.fromCheckpoint(stored.bytes, options) };
    } catch (error) {
      log(`storage: the history checkpoint cannot be used (${(error as Error).message}); rebuilding the history from the journal`);
      await storage.historyCheckpoint.clear();
      return undefined;
    }
  }

  /**
   * Configuration enters the state as commands, so a replay reproduces it: the first
   * trading day, every configured instrument the state does not have yet, the trading
   * rules (rules.set) when they differ from the configured ones, and the open market
   * (market.open) in continuous sessions.
   */
  private async alignWithConfig(clock: Clock): Promise<void> {
    const state = this.sequencer.state;
    if (state.tradingDay === '') {
      // A scheduled exchange first started after the day's settlement time begins on the next
      // trading day: beginning on today would settle an empty day at once.
      const { sessionMode, timezone, settlementTime } = this.config.exchange;
      const now = clock.now();
      const tradingDay = sessionMode === 'scheduled' ? scheduledTradingDayAt(now, timezone, settlementTime.minutes) : tradingDayAt(now, timezone);
      await this.submit({ type: 'trading-day.begin', tradingDay });
    }
    for (const spec of this.config.instruments) {
      if (state.instruments.has(spec.instrumentId)) continue;
      // Refused (a contract whose last trading day has passed): said, and the start goes on with the rest.
      const added = await this.submit({ type: 'instrument.add', spec });
      if (added.result.code !== ResultCode.Success) this.log(`instruments: ${spec.instrumentId} not added: ${added.result.message}`);
    }
    if (this.config.instrumentsFileFound) {
      for (const line of instrumentDrift(state, this.config.instruments, path.basename(this.config.instrumentsPath))) this.log(line);
    }
    const rules = configuredRules(this.config);
    const current = state.options;
    if (
      current.selfTradePrevention !== rules.selfTradePrevention ||
      current.warningThreshold !== rules.warningThreshold ||
      current.forceCloseThreshold !== rules.forceCloseThreshold
    ) {
      const { stamped } = await this.submit({ type: 'rules.set', ...rules });
      this.log(
        `core: rules from the configuration apply from seq ${stamped.seq}: self_trade_prevention ${rules.selfTradePrevention}, ` +
          `warning ${rules.warningThreshold}, force close ${rules.forceCloseThreshold}`,
      );
    }
    // A market closed by an earlier scheduled run stays closed only while sessions are scheduled.
    if (this.config.exchange.sessionMode === 'continuous' && state.marketClosed !== '') await this.submit({ type: 'market.open' });
  }
}

/** The core rules the configuration sets. */
function configuredRules(config: ExchangeConfig) {
  return {
    selfTradePrevention: config.trading.selfTradePrevention,
    warningThreshold: config.risk.warningThreshold,
    forceCloseThreshold: config.risk.forceCloseThreshold,
  };
}

/**
 * The engine reports damage to its data files in its own words only ("Corruption:
 * corrupted compressed block contents"), naming no store and no way out: said here.
 */
function damageNamed(error: unknown, dataDir: string): unknown {
  const engine = error as { code?: unknown; message?: unknown; cause?: { code?: unknown } };
  const corrupt = engine.code === 'LEVEL_CORRUPTION' || engine.cause?.code === 'LEVEL_CORRUPTION' || (typeof engine.message === 'string' && engine.message.startsWith('Corruption:'));
  if (!corrupt) return error;
  return new Error(
    `the store in ${dataDir} is damaged: the storage engine could not read one of its data files (${String(engine.message)}). ` +
      'The exchange did not start. Restore the data folder from a copy taken before the damage.',
    { cause: error },
  );
}
