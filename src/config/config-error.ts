/**
 * The one error type of the configuration layer. `main` catches it, prints the
 * message and exits non-zero; anything else thrown while loading is a bug.
 */

/** One problem found in one source (a file path, or `environment`). */
export interface ConfigIssue {
  /** Absolute path of the file, or `environment` for an env variable. */
  readonly source: string;
  /** Where in the source, e.g. `instruments[3].price_tick`, `line 7, column 12` or `HTTP_PORT`. */
  readonly where: string;
  /** What is wrong, e.g. `must be a number > 0, got string "x"`. */
  readonly problem: string;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly issues: readonly ConfigIssue[];

  constructor(message: string, issues: readonly ConfigIssue[] = []) {
    super(message);
    this.issues = Object.freeze([...issues]);
  }

  /**
   * All problems together, one per line, so a user fixes a config file in one pass
   * instead of one restart per mistake.
   */
  static fromIssues(issues: readonly ConfigIssue[]): ConfigError {
    const noun = issues.length === 1 ? 'problem' : 'problems';
    const lines = issues.map((i) => `  ${i.source}: ${i.where}: ${i.problem}`);
    return new ConfigError([`Invalid configuration (${issues.length} ${noun}):`, ...lines].join('\n'), issues);
  }
}
