/**
 * Which notices become toasts: the same warning or error again soon after (a refused login
 * retried every few seconds) is in the feed, not a new toast. Each fill (INFO) is its own
 * toast, even when its words repeat.
 */
export class ToastRepeats {
  /** When each text was last shown as a toast, oldest first. */
  private readonly shownAt = new Map<string, number>();

  constructor(
    private readonly windowMs = 60_000,
    private readonly remembered = 200,
  ) {}

  shouldShow(level: string, content: string, now: number): boolean {
    if (level !== 'INFO' && now - (this.shownAt.get(content) ?? Number.NEGATIVE_INFINITY) < this.windowMs) return false;
    this.shownAt.delete(content);
    this.shownAt.set(content, now);
    if (this.shownAt.size > this.remembered) this.shownAt.delete(this.shownAt.keys().next().value!);
    return true;
  }
}
