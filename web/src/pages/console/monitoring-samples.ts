/**
 * The monitoring figures sampled while the console is open in this tab, kept across page
 * changes so the small charts go on where they stopped (the server keeps no history of them).
 */
import { reactive } from 'vue';

export interface Sample {
  readonly t: number;
  readonly v: number;
}

const KEEP = 200;

export const samples = reactive({
  memory: [] as Sample[],
  cpu: [] as Sample[],
  connections: [] as Sample[],
  storage: [] as Sample[],
});

export function record(series: keyof typeof samples, v: number): void {
  const list = samples[series];
  list.push({ t: Date.now(), v });
  if (list.length > KEEP) list.shift();
}
