/** What a log line says of an unexpected error: its stack when it has one, for finding the bug. */
export function errorDetail(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
