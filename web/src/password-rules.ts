/**
 * What the server takes as a new password (6 to 128 characters, not the current one),
 * checked before sending so the form can say so beside the field.
 */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

/** Why a new password would be refused, or undefined when it can be sent. */
export function newPasswordProblem(current: string, next: string, repeated: string): string | undefined {
  if (next.length < PASSWORD_MIN) return `The new password needs at least ${PASSWORD_MIN} characters.`;
  if (next.length > PASSWORD_MAX) return `The new password may have at most ${PASSWORD_MAX} characters.`;
  if (next === current) return 'The new password is the current one.';
  if (repeated !== next) return 'The two new passwords differ.';
  return undefined;
}
