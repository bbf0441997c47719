/** Figures only the running process knows, for /api/monitoring/system. */
export interface ProcessFigures {
  /** Live WebSocket connections. */
  wsConnections(): number;
  /** CPU use of this process over the last sampling window, percent of one core. */
  cpuPercent(): number;
  uptimeSeconds(): number;
  /** Resident set size. */
  memoryMb(): number;
  /** The JavaScript heap in use (what V8's heap limit applies to). */
  heapUsedMb(): number;
}

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

  memoryMb(): number {
    return Math.round((process.memoryUsage.rss() / 2 ** 20) * 10) / 10;
  }

  heapUsedMb(): number {
    return Math.round((process.memoryUsage().heapUsed / 2 ** 20) * 10) / 10;
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
