/**
 * Read access to the fields of a raw TOML table that already passed their schema.
 *
 * Cross-field rules (tick grid, id prefix, ...) run after the schema. They must not
 * report a second, confusing problem for a key the schema already rejected, so a key
 * with a schema issue reads as absent here.
 */
import type { ConfigIssue } from './config-error.ts';

export class CheckedFields {
  private readonly rejected: ReadonlySet<string>;

  /** `prefix` is the key path of the table, e.g. `instruments[3]` or `risk`. */
  constructor(
    private readonly table: Readonly<Record<string, unknown>>,
    private readonly prefix: string,
    schemaIssues: readonly ConfigIssue[],
  ) {
    this.rejected = new Set(schemaIssues.map((i) => i.where));
  }

  /** Key path of a field, as used in issues. */
  path(key: string): string {
    return this.prefix === '' ? key : `${this.prefix}.${key}`;
  }

  string(key: string): string | undefined {
    const v = this.accepted(key);
    return typeof v === 'string' ? v : undefined;
  }

  number(key: string): number | undefined {
    const v = this.accepted(key);
    return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
  }

  private accepted(key: string): unknown {
    if (this.rejected.has(this.path(key)) || this.rejected.has(this.prefix)) return undefined;
    return this.table[key];
  }
}
