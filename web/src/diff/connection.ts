/**
 * One DIFF connection (spec, "Events"): keeps a reactive mirror of the server's snapshot by
 * applying every rtn_data patch in order, asks for the next one with peek_message, pings
 * every 5 seconds (the server drops silent clients), and reconnects after a drop, starting
 * again from an empty mirror and re-sending the quote and chart subscriptions.
 */
import { reactive, ref } from 'vue';
import { loginRefusedFor } from './login-refusal.ts';
import { applyMergePatch, type JsonObject } from './merge-patch.ts';

export type ConnectionState = 'connecting' | 'open' | 'closed';
type PatchListener = (patches: readonly JsonObject[]) => void;

/** The server's close code for a connection whose user's password was changed. */
export const PASSWORD_CHANGED_CLOSE_CODE = 4001;
/** The server's close code when the user logged out everywhere (see src/adapters/ws/diff-limits.ts). */
export const SIGNED_OUT_CLOSE_CODE = 4002;
const PING_MS = 5_000;
const RECONNECT_MS = 1_500;
/** Reconnects after failures wait twice as long each time, up to this. */
const MAX_RECONNECT_MS = 30_000;

interface Chart {
  readonly instrument: string;
  readonly duration: number;
  readonly width: number;
}

export class DiffConnection {
  readonly mirror: JsonObject = reactive({});
  readonly state = ref<ConnectionState>('closed');
  private socket: WebSocket | undefined;
  private pinger: ReturnType<typeof setInterval> | undefined;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private quotes = '';
  private readonly charts = new Map<string, Chart>();
  private readonly listeners = new Set<PatchListener>();
  private readonly closeListeners = new Set<(code: number) => void>();
  private url = '';
  /** Connections in a row that ended before the server sent anything. */
  private failures = 0;

  /** (Re)connects to `url`; a different identity (login, logout) means a new connection. */
  open(url: string): void {
    if (url === this.url && this.socket !== undefined) return;
    this.url = url;
    this.reconnectNow();
  }

  close(): void {
    this.url = '';
    this.drop();
    this.state.value = 'closed';
  }

  /** Replaces the quote subscription (the server keeps only the latest list). */
  subscribeQuotes(instruments: readonly string[]): void {
    const list = instruments.join(',');
    if (list === this.quotes) return;
    this.quotes = list;
    this.send({ aid: 'subscribe_quote', ins_list: this.quotes });
  }

  /** Candles of one instrument at one period (duration in nanoseconds), the last `width` bars. */
  setChart(chartId: string, instrument: string, duration: number, width: number): void {
    this.charts.set(chartId, { instrument, duration, width });
    this.send({ aid: 'set_chart', chart_id: chartId, ins_list: instrument, duration, view_width: width });
  }

  removeChart(chartId: string): void {
    if (!this.charts.delete(chartId)) return;
    this.send({ aid: 'set_chart', chart_id: chartId, ins_list: '', duration: 0, view_width: 0 });
  }

  /** Called when the server closes the connection, with the close code; returns the unsubscribe function. */
  onServerClose(listener: (code: number) => void): () => void {
    this.closeListeners.add(listener);
    return () => this.closeListeners.delete(listener);
  }

  /** Called after every applied rtn_data with its patches; returns the unsubscribe function. */
  onPatches(listener: PatchListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private reconnectNow(): void {
    this.drop();
    if (this.url === '') return;
    for (const key of Object.keys(this.mirror)) delete this.mirror[key];
    this.state.value = 'connecting';
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.onopen = () => {
      this.state.value = 'open';
      if (this.quotes !== '') this.send({ aid: 'subscribe_quote', ins_list: this.quotes });
      for (const [id, chart] of this.charts) {
        this.send({ aid: 'set_chart', chart_id: id, ins_list: chart.instrument, duration: chart.duration, view_width: chart.width });
      }
      this.send({ aid: 'peek_message' });
      this.pinger = setInterval(() => this.send({ aid: 'ping' }), PING_MS);
    };
    socket.onmessage = (event) => this.receive(String(event.data));
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.drop();
      for (const listener of this.closeListeners) listener(event.code);
      this.state.value = 'connecting';
      // A refused upgrade (the server's per-address limit) or a server down: back off.
      const delay = Math.min(MAX_RECONNECT_MS, RECONNECT_MS * 2 ** this.failures);
      this.failures++;
      this.retry = setTimeout(() => this.reconnectNow(), delay);
    };
  }

  private receive(text: string): void {
    let message: { aid?: string; data?: JsonObject[] };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return;
    }
    if (message.aid !== 'rtn_data' || !Array.isArray(message.data)) return;
    this.failures = 0;
    for (const patch of message.data) applyMergePatch(this.mirror, patch);
    for (const listener of this.listeners) listener(message.data);
    const wait = loginRefusedFor(message.data);
    if (wait !== undefined) {
      // Not logged in on this connection: connect again once the server takes the login.
      this.drop();
      this.state.value = 'connecting';
      this.retry = setTimeout(() => this.reconnectNow(), wait * 1000 + 250);
      return;
    }
    this.send({ aid: 'peek_message' });
  }

  private send(message: Record<string, unknown>): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private drop(): void {
    clearInterval(this.pinger);
    clearTimeout(this.retry);
    const socket = this.socket;
    this.socket = undefined;
    if (socket !== undefined) {
      socket.onclose = null;
      socket.close();
    }
  }
}

/** The page's one connection, shared by every view. */
export const diff = new DiffConnection();
