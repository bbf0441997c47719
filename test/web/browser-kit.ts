/**
 * What the browser tests share: the built front end, the real server as a child process
 * (the operator's start command on free ports and a throw-away DATA_DIR), Debian's Chromium
 * driven by playwright-core, logging in through the page, and screenshots under test-output/.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { FetchClient } from '../support/fetch-client.ts';
import { PROJECT_ROOT, ServerProcess } from '../support/server-process.ts';

export const CHROMIUM = '/usr/bin/chromium';
export const ADMIN = { username: 'admin', password: 'web-admin-pass' };
/** Generous: a cold page on a busy two-core machine. */
export const UI_TIMEOUT_MS = 30_000;
const SCREENSHOTS = path.join(PROJECT_ROOT, 'test-output', 'web');

/** Builds web/dist when it is missing or stale (what `npm start` does before the server). */
function buildFrontEnd(): void {
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, 'web/scripts/build-if-stale.ts')], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '', NODE_TEST_CONTEXT: '' },
  });
  assert.equal(result.status, 0, `building the front end failed:\n${result.stdout}\n${result.stderr}`);
}

/**
 * The shipped configuration with the standings published to traders, as a competition's
 * operator sets it: written into the test's folder, with the instruments beside it.
 */
function competitionConfig(folder: string): string {
  const shipped = readFileSync(path.join(PROJECT_ROOT, 'config/exchange.toml'), 'utf8');
  const published = shipped.replace(/^public_leaderboard = false/m, 'public_leaderboard = true');
  assert.notEqual(published, shipped, 'config/exchange.toml has no `public_leaderboard = false` line to turn on');
  const file = path.join(folder, 'exchange.toml');
  writeFileSync(file, published);
  copyFileSync(path.join(PROJECT_ROOT, 'config/instruments.toml'), path.join(folder, 'instruments.toml'));
  return file;
}

export class BrowserWorld {
  private constructor(
    readonly server: ServerProcess,
    readonly browser: Browser,
    readonly api: FetchClient,
    private readonly dataDir: string,
    private readonly contexts: BrowserContext[] = [],
  ) {}

  static async start(): Promise<BrowserWorld> {
    assert.ok(
      existsSync(CHROMIUM),
      `the browser tests drive Debian's Chromium at ${CHROMIUM}, which is not installed: run \`apt-get install -y chromium\` (as root)`,
    );
    buildFrontEnd();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'basis-web-'));
    const server = await ServerProcess.start({
      dataDir,
      adminUsername: ADMIN.username,
      adminPassword: ADMIN.password,
      env: { EXCHANGE_CONFIG: competitionConfig(dataDir) },
    });
    try {
      const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--headless=new'] });
      return new BrowserWorld(server, browser, new FetchClient(server.baseUrl), dataDir);
    } catch (error) {
      server.kill();
      throw error;
    }
  }

  /** A fresh browser profile (its own storage: one user per page), in the given theme. */
  async newPage(options: { width?: number; height?: number; theme?: 'dark' | 'light' } = {}): Promise<Page> {
    const context = await this.browser.newContext({ viewport: { width: options.width ?? 1440, height: options.height ?? 900 }, baseURL: this.server.baseUrl });
    this.contexts.push(context);
    // The page remembers the theme in localStorage: set it before the first script runs.
    if (options.theme !== undefined) await context.addInitScript({ content: `localStorage.setItem('basis.theme', ${JSON.stringify(options.theme)})` });
    const page = await context.newPage();
    page.setDefaultTimeout(UI_TIMEOUT_MS);
    return page;
  }

  async stop(): Promise<void> {
    await this.browser.close().catch(() => undefined);
    this.server.kill();
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  /** A user with a funded account, made over the API (the pages under test come after). */
  async trader(username: string, accountId: string, balance = 1_000_000): Promise<{ userId: string; token: string; password: string }> {
    const password = `${username}-pass-1`;
    const user = await this.api.userWithToken(username, password);
    await this.api.ok('POST', '/api/account/open', { token: user.token, body: { user_id: user.userId, account_id: accountId, initial_balance: balance } });
    return { userId: user.userId, token: user.token, password };
  }
}

/** Logs in through the login page and waits for the page the user lands on. */
export async function logIn(page: Page, username: string, password: string, landing: RegExp): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=password]').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(landing);
}

/** Waits until the element shows text matching `text` (the page updates itself: no reload). */
export async function waitForText(locator: Locator, text: string | RegExp): Promise<void> {
  await locator.filter({ hasText: text }).first().waitFor({ state: 'attached' });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  // Transitions finished at once: the picture shows the settled page, not a fade.
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}

/** Fills the order entry of the terminal for the selected instrument and submits it. */
export async function placeOrder(page: Page, order: { direction: 'BUY' | 'SELL'; price: number; volume: number }): Promise<void> {
  await page.getByTestId(order.direction === 'BUY' ? 'direction-buy' : 'direction-sell').click();
  const price = page.getByTestId('order-price').locator('input');
  await price.fill(String(order.price));
  await price.blur();
  const volume = page.getByTestId('order-volume').locator('input');
  await volume.fill(String(order.volume));
  await volume.blur();
  await page.getByTestId('submit-order').click();
}

/** Picks an instrument in the terminal's list and waits for the order entry to follow. */
export async function selectInstrument(page: Page, instrumentId: string): Promise<void> {
  await page.getByTestId(`instrument-${instrumentId}`).click();
  await waitForText(page.getByTestId('order-entry'), instrumentId);
}
