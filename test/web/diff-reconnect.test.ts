/**
 * The page's DIFF connection after a drop: connections that end before the server sent
 * anything (a refused upgrade, a server down) wait twice as long each time, up to 30 s;
 * a connection that got data starts the wait again from 1.5 s; a refused login waits as
 * long as the server says. Every new connection starts from an empty mirror and asks for
 * its quotes and charts again. Node 20 has no WebSocket of its own: a fake stands in.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import { DiffConnection } from '../../web/src/diff/connection.ts';

class FakeSocket {
  static readonly OPEN = 1;
  static opened: FakeSocket[] = [];
  readyState = 0;
  readonly sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.opened.push(this);
  }

  send(text: string): void {
    this.sent.push(JSON.parse(text) as Record<string, unknown>);
  }

  close(): void {
    this.readyState = 3;
  }

  /** The server accepts the connection. */
  accept(): void {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }

  /** The server sends an rtn_data with these patches. */
  push(...patches: unknown[]): void {
    this.onmessage?.({ data: JSON.stringify({ aid: 'rtn_data', data: patches }) });
  }

  /** The connection ends from the server's side. */
  end(): void {
    this.readyState = 3;
    this.onclose?.();
  }
}

const globals = globalThis as { WebSocket?: unknown };
let original: unknown;

beforeEach(() => {
  original = globals.WebSocket;
  globals.WebSocket = FakeSocket;
  FakeSocket.opened = [];
  mock.timers.enable({ apis: ['setTimeout', 'setInterval'] });
});

afterEach(() => {
  mock.timers.reset();
  globals.WebSocket = original;
});

function latest(): FakeSocket {
  const socket = FakeSocket.opened.at(-1);
  assert.ok(socket !== undefined, 'a connection was opened');
  return socket;
}

/** Milliseconds until the next connection is opened after the current one fails. */
function waitAfterFailure(): number {
  const before = FakeSocket.opened.length;
  latest().end();
  let waited = 0;
  while (FakeSocket.opened.length === before) {
    assert.ok(waited <= 60_000, 'reconnected within a minute');
    mock.timers.tick(250);
    waited += 250;
  }
  return waited;
}

describe("the page's DIFF connection after a drop", () => {
  it('backs off while connections fail before any data, doubling up to 30 s', () => {
    const connection = new DiffConnection();
    connection.open('ws://exchange/ws/diff');
    const waits = Array.from({ length: 7 }, () => waitAfterFailure());
    assert.deepEqual(waits, [1_500, 3_000, 6_000, 12_000, 24_000, 30_000, 30_000]);
    connection.close();
  });

  it('waits 1.5 s again once a connection has received data', () => {
    const connection = new DiffConnection();
    connection.open('ws://exchange/ws/diff');
    waitAfterFailure();
    waitAfterFailure();
    latest().accept();
    latest().push({ quotes: {} });
    assert.equal(waitAfterFailure(), 1_500);
    connection.close();
  });

  it('waits as long as a refused login is told to, then connects again', () => {
    const connection = new DiffConnection();
    connection.open('ws://exchange/ws/diff?user_id=carol&access_token=t');
    const first = latest();
    first.accept();
    first.push({ notify: { n1: { type: 'MESSAGE', level: 'ERROR', code: 1001, content: 'login refused: carol logged in too often in a short time; try again in 2 s' } } });
    assert.equal(first.readyState, 3, 'the connection that was not logged in is closed');
    mock.timers.tick(2_000);
    assert.equal(FakeSocket.opened.length, 1, 'not before the wait is over');
    mock.timers.tick(250);
    assert.equal(FakeSocket.opened.length, 2);
    connection.close();
  });

  it('starts the new connection from an empty mirror and asks again for its quotes and charts', () => {
    const connection = new DiffConnection();
    connection.open('ws://exchange/ws/diff');
    latest().accept();
    connection.subscribeQuotes(['SHFE.cu2701', 'SHFE.au2612']);
    connection.setChart('main', 'SHFE.cu2701', 60_000_000_000, 200);
    latest().push({ quotes: { 'SHFE.cu2701': { last_price: 70_000 } } });
    assert.deepEqual(Object.keys(connection.mirror), ['quotes']);

    waitAfterFailure();
    assert.deepEqual(Object.keys(connection.mirror), [], 'the old snapshot is gone');
    latest().accept();
    assert.deepEqual(latest().sent, [
      { aid: 'subscribe_quote', ins_list: 'SHFE.cu2701,SHFE.au2612' },
      { aid: 'set_chart', chart_id: 'main', ins_list: 'SHFE.cu2701', duration: 60_000_000_000, view_width: 200 },
      { aid: 'peek_message' },
    ]);
    connection.close();
  });

  it('opens nothing more once closed', () => {
    const connection = new DiffConnection();
    connection.open('ws://exchange/ws/diff');
    latest().accept();
    connection.close();
    mock.timers.tick(60_000);
    assert.equal(FakeSocket.opened.length, 1);
    assert.equal(connection.state.value, 'closed');
  });
});
