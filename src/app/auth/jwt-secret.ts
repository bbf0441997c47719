import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The HS256 signing secret: JWT_SECRET when set, else one generated once into DATA_DIR
 * (readable by the owner only) so that tokens survive restarts. Never hard-coded.
 */
export function loadOrCreateJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured !== undefined && configured !== '') return configured;
  const path = join(dataDir, 'jwt-secret');
  try {
    const existing = readFileSync(path, 'utf8').trim();
    if (existing.length >= 32) return existing;
    // An empty file is a write the process did not finish: a new secret replaces it. A
    // short one was put there by someone, and replacing it would end every session
    // without a word: refused.
    if (existing !== '') {
      throw new Error(`${path} holds a secret of ${existing.length} characters, fewer than the 32 a signing secret needs: write a longer one, set JWT_SECRET, or delete the file to have one generated`);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(path, `${secret}\n`, { mode: 0o600 });
  return secret;
}
