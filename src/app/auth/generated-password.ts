import { randomInt } from 'node:crypto';

/**
 * Letters and digits only, without the look-alikes (0 O 1 l I o): nothing a spreadsheet
 * reads as a formula, nothing to misread when it is read out or copied from paper.
 */
const PASSWORD_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const LENGTH = 12;

/** A password the exchange chooses for a user (enrolment, an operator's reset): 12 of 57 letters, 70 bits. */
export function generatedPassword(): string {
  let password = '';
  for (let i = 0; i < LENGTH; i++) password += PASSWORD_LETTERS[randomInt(PASSWORD_LETTERS.length)];
  return password;
}
