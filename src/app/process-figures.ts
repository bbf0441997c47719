/** Figures only the running process knows, for /api/monitoring/system. */
export interface ProcessFigures {
  /** Live WebSocket connections. */
  wsConnections(): number;
  /** CPU use of this process over the last sampling window, percent of one core. */
  cpuPercent(): number;
  uptimeSeconds(): number;
  /** The process's memory, in MB (one reading). */
  memory(): MemoryFigures;
}

/**
 * Where the resident memory goes, as far as Node tells. RSS alone reads like a leak: it
 * holds garbage not yet collected, the young generation's reserved space and memory the
 * allocator keeps after a peak (a trial's 575 MB after 700,000 orders held 83 MB of live
 * heap after a collection).
 */
export interface MemoryFigures {
  /** Resident set size. */
  readonly rssMb: number;
  /** The JavaScript heap in use, garbage not yet collected included (what V8's heap limit applies to). */
  readonly heapUsedMb: number;
  /** The JavaScript heap V8 holds from the system, used or not. */
  readonly heapTotalMb: number;
  /** Memory outside the heap that JavaScript objects hold (buffers, typed arrays). */
  readonly externalMb: number;
}

const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

/**
 * CPU percent is measured over a sliding window (process.cpuUsage deltas every
 * `windowMs`), not since start, so it shows load now. The timer is unref'd: it never
 * keeps the process alive.
 */
export class ProcessMonitor implements ProcessFigures {
  private lastUsage = process.cpuUsage();
  private lastAt = performance.now();
  private percent = 0;
  private readonly timer: NodeJS.Timeout;
  private connections: () => number = () => 0;

  constructor(windowMs = 5000) {
    this.timer = setInterval(() => this.sample(), windowMs);
    this.timer.unref();
  }

  /** The WebSocket server reports its live connection count through this. */
  countConnectionsWith(count: () => number): void {
    this.connections = count;
  }

  wsConnections(): number {
    return this.connections();
  }

  cpuPercent(): number {
    return this.percent;
  }

  uptimeSeconds(): number {
    return Math.floor(process.uptime());
  }

  memory(): MemoryFigures {
    const usage = process.memoryUsage();
    return { rssMb: mb(usage.rss), heapUsedMb: mb(usage.heapUsed), heapTotalMb: mb(usage.heapTotal), externalMb: mb(usage.external) };
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private sample(): void {
    const usage = process.cpuUsage(this.lastUsage);
    const now = performance.now();
    const elapsedMs = now - this.lastAt;
    if (elapsedMs > 0) this.percent = Math.round(((usage.user + usage.system) / 1000 / elapsedMs) * 1000) / 10;
    this.lastUsage = process.cpuUsage();
    this.lastAt = now;
  }
}
