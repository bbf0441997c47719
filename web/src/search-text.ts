/**
 * What a search box sends: trimmed, and at most the 64 characters the server's search
 * takes, cut between characters (code points) as the server counts them: cut between
 * the halves of an emoji, the text could not be put in a URL at all.
 */
export function searchText(typed: string): string {
  return Array.from(typed.trim()).slice(0, 64).join('');
}
