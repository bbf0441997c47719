/**
 * The exchange as a separate process, started the way an operator starts it: the
 * `npm start` script's command, `node <node flags> dist/server/start.js`, from the project
 * folder, with the script's own node flags, on the server that `npm run build:server`
 * built (npm test builds it first). For end-to-end tests and the benchmarks. The child
 * gets its own process group, so that `kill()` takes it down even when a test fails
 * half-way.
 *
 * Why not spawn `npm start` itself: it would build the server again at every start (npm
 * test builds it once), and a benchmark's node flags (--cpu-prof) could not reach the
 * server. (`npm start` itself stops cleanly on SIGTERM: its script `exec`s node, so npm's
 * signal reaches the server; checked by hand, npm then exits 0 after the shutdown.)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverBuildIsStale } from '../../scripts/build-server.ts';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The built server's entry (scripts/build-server.ts). */
const SERVER_ENTRY = 'dist/server/start.js';
const LISTENING = /http:\s+listening on (http:\/\/\S+)/;

/**
 * The node flags of the npm start script (`node --flag ... dist/server/start.js`): tests
 * and benchmarks run the server with exactly the flags an operator's `npm start` gives it.
 */
export function startScriptNodeFlags(): string[] {
  const scripts = (JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const match = /\bnode((?:\s+--\S+)*)\s+dist\/server\/start\.js/.exec(scripts.start ?? '');
  if (match === null) throw new Error(`package.json's start script does not run "node [node flags] ${SERVER_ENTRY}": ${scripts.start}`);
  return match[1]!.trim().split(/\s+/).filter((flag) => flag !== '');
}

/**
 * `node` arguments that run the built server as `npm start` does, with `nodeArgs` before
 * the entry (--cpu-prof and the like). Throws when the build is missing or older than a
 * source: a test must not pass or fail on yesterday's server.
 */
export function serverArgs(nodeArgs: readonly string[] = []): string[] {
  if (serverBuildIsStale()) {
    throw new Error('the built server (dist/server) is missing or older than its sources: run `npm run build:server` (npm test and npm start do it first)');
  }
  return [...startScriptNodeFlags(), ...nodeArgs, SERVER_ENTRY];
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
  /** Node flags for the server besides the start script's (--cpu-prof, --trace-gc). */
  readonly nodeArgs?: readonly string[];
  /** How long to wait for the listening line (a start on a busy machine is slow). */
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
    const child = spawn(process.execPath, serverArgs(options.nodeArgs), { cwd: PROJECT_ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
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

  /** SIGKILL to the whole process group; safe to call twice. */
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
