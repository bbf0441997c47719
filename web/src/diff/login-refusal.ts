/** The server's refusal of a DIFF login it limits: "login refused: ... try again in N s". */
const LOGIN_REFUSED = /^login refused: .* try again in (\d+) s$/;

type Fields = Record<string, unknown>;

function isFields(value: unknown): value is Fields {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The seconds a refused login was told to wait, if the patches hold such a refusal. */
export function loginRefusedFor(patches: readonly unknown[]): number | undefined {
  for (const patch of patches) {
    const notify = isFields(patch) ? patch.notify : undefined;
    if (!isFields(notify)) continue;
    for (const entry of Object.values(notify)) {
      const content = isFields(entry) ? entry.content : undefined;
      const match = typeof content === 'string' ? LOGIN_REFUSED.exec(content) : null;
      if (match !== null) return Number(match[1]);
    }
  }
  return undefined;
}
