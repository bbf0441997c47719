/**
 * The exchange as a separate process, started the way an operator starts it (the
 * `npm start` script: `tsx <node flags> src/app/main.ts`, from the project folder, with
 * the script's own node flags), for end-to-end tests
 * and the HTTP benchmark. The child gets its own process group, so that `kill()` can take
 * down tsx and the node process it runs even when a test fails half-way.
 *
 * Why not spawn `npm start` itself: npm runs the script through `sh -c`, which does not pass
 * SIGTERM on. A SIGTERM to npm's pid leaves the server running (orphaned); a SIGTERM to the
 * whole group stops the server but npm then exits by the signal, not with the server's code.
 * The script's command under tsx relays the signal and exits with the server's own code.
 * (A start script of `exec tsx src/app/main.ts` would let npm's SIGTERM reach the server:
 * checked by hand, npm then exits 0 after the server's clean shutdown.)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TSX_CLI = path.join(PROJECT_ROOT, 'node_modules', '.bin', 'tsx');
const LISTENING = /http:\s+listening on (http:\/\/\S+)/;

/**
 * The node flags of the npm start script (`tsx --flag ... src/app/main.ts`): tests and
 * benchmarks run the server with exactly the flags an operator's `npm start` gives it.
 */
export function startScriptNodeFlags(): string[] {
  const scripts = (JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const match = /\btsx((?:\s+--\S+)*)\s+src\/app\/main\.ts/.exec(scripts.start ?? '');
  if (match === null) throw new Error(`package.json's start script does not run "tsx [node flags] src/app/main.ts": ${scripts.start}`);
  return match[1]!.trim().split(/\s+/).filter((flag) => flag !== '');
}

/** A TCP port nobody listens on right now (the OS picks it; we release it at once). */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const server = createServer();
  server.listen(0, host);
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (port === 0) throw new Error('could not find a free port');
  return port;
}

export interface ServerOptions {
  readonly dataDir: string;
  readonly adminUsername: string;
  readonly adminPassword: string;
  /** Extra or overriding environment (LOG_LEVEL defaults to warn). */
  readonly env?: Record<string, string>;
  /**
   * `tsx` (default): the npm start script's command, `tsx src/app/main.ts` (tsx runs node
   * as its own child and relays signals). `node`: one process, `node --import tsx
   * [nodeArgs] src/app/main.ts`: what the benchmark uses, so that node flags such as
   * --cpu-prof reach the server itself.
   */
  readonly launcher?: 'tsx' | 'node';
  readonly nodeArgs?: readonly string[];
  /** How long to wait for the listening line (a cold tsx start on a busy machine is slow). */
  readonly startTimeoutMs?: number;
}

export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

export class ServerProcess {
  private output = '';
  private exitInfo: Exit | null = null;
  private readonly exited: Promise<Exit>;

  private constructor(
    private readonly child: ChildProcess,
    readonly httpPort: number,
    readonly wsPort: number,
  ) {
    this.exited = new Promise((resolve) => {
      child.on('exit', (code, signal) => {
        this.exitInfo = { code, signal };
        resolve(this.exitInfo);
      });
    });
    const collect = (chunk: Buffer): void => {
      this.output += chunk.toString('utf8');
      // Keep the tail only: a long benchmark must not grow this without bound.
      if (this.output.length > 200_000) this.output = this.output.slice(-100_000);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
  }

  /** Starts the server on free ports and resolves once it logs that it is listening. */
  static async start(options: ServerOptions): Promise<ServerProcess> {
    const httpPort = await freePort();
    const wsPort = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      HTTP_PORT: String(httpPort),
      WS_PORT: String(wsPort),
      DATA_DIR: options.dataDir,
      ADMIN_USERNAME: options.adminUsername,
      ADMIN_PASSWORD: options.adminPassword,
      LOG_LEVEL: 'warn',
      ...options.env,
    };
    // The test runner's own loader flags must not leak into the server.
    delete env.NODE_OPTIONS;
    delete env.NODE_TEST_CONTEXT;
    const nodeArgs = options.nodeArgs ?? [];
    const startFlags = startScriptNodeFlags();
    const args = options.launcher === 'node'
      ? ['--import', 'tsx', ...startFlags, ...nodeArgs, 'src/app/main.ts']
      : [...nodeArgs, TSX_CLI, ...startFlags, 'src/app/main.ts'];
    const child = spawn(process.execPath, args, { cwd: PROJECT_ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const server = new ServerProcess(child, httpPort, wsPort);
    killOnExit.add(server);
    await server.waitForListening(options.startTimeoutMs ?? 90_000);
    return server;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.httpPort}`;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Everything the server printed (stdout and stderr, interleaved), for failure messages. */
  get log(): string {
    return this.output;
  }

  get hasExited(): boolean {
    return this.exitInfo !== null;
  }

  private async waitForListening(timeoutMs: number): Promise<void> {
    const started = Date.now();
    while (!LISTENING.test(this.output)) {
      if (this.exitInfo !== null) {
        throw new Error(`the server exited (code ${this.exitInfo.code}, signal ${this.exitInfo.signal}) before listening:\n${this.output}`);
      }
      if (Date.now() - started > timeoutMs) {
        this.kill();
        throw new Error(`the server did not log "http: listening on" within ${timeoutMs} ms:\n${this.output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** Sends `signal` (default SIGTERM) to the server and waits for it to exit. */
  async stop(signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 60_000): Promise<Exit> {
    if (this.exitInfo === null) this.child.kill(signal);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the server did not exit within ${timeoutMs} ms of ${signal}:\n${this.output}`)), timeoutMs);
    });
    try {
      return await Promise.race([this.exited, timeout]);
    } finally {
      clearTimeout(timer);
      killOnExit.delete(this);
    }
  }

  /** SIGKILL to the whole process group (tsx and the server under it); safe to call twice. */
  kill(): void {
    killOnExit.delete(this);
    const pid = this.child.pid;
    if (pid === undefined) return;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

/** Servers still running when this process exits (an uncaught failure): killed, not orphaned. */
const killOnExit = new Set<ServerProcess>();
process.once('exit', () => {
  for (const server of killOnExit) server.kill();
});
