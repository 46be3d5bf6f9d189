import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { ConfigError } from '../../platform/config';

export const SECRET_FILE_NAME = 'auth-secret';

export const NO_SECRET_MESSAGE =
  'NO_SECRET: AUTH_SECRET is not set. Set the AUTH_SECRET environment variable to a random string of at least 32 characters (for example the output of `openssl rand -base64 32`) before starting in production.';

/**
 * A secret someone could guess: sessions, storefront order tokens and the registers' PIN keys all
 * derive from it. At least 32 characters, not one character repeated or a short run of a few
 * (`openssl rand -base64 32` gives 44 characters of ~64 kinds).
 */
export function weakSecretReason(secret: string): string | null {
  if (secret.length < 32) return `it has ${secret.length} characters; at least 32 are needed`;
  if (new Set(secret).size < 8) return 'it repeats a few characters; use a random one';
  return null;
}

/**
 * Production needs an explicit secret (several instances must share it). Elsewhere a random one
 * is created on first start and kept in the data dir, so sessions survive restarts of `npm start`.
 * A secret that is given must be strong in every mode (weakSecretReason).
 */
export function resolveAuthSecret(options: { secret?: string; production: boolean; dataDir: string }): string {
  if (options.secret) {
    const weak = weakSecretReason(options.secret);
    if (weak) {
      throw new ConfigError(
        `WEAK_SECRET: AUTH_SECRET is refused: ${weak}. Set it to a random string, for example the output of \`openssl rand -base64 32\`.`,
      );
    }
    return options.secret;
  }
  if (options.production) throw new ConfigError(NO_SECRET_MESSAGE);
  const file = path.join(options.dataDir, SECRET_FILE_NAME);
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
    throw new ConfigError(`${file} holds a secret shorter than 32 characters: delete the file or set AUTH_SECRET.`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  // 'wx' fails if another process created it first; then use theirs.
  try {
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return fs.readFileSync(file, 'utf8').trim();
  }
}
