import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { ConfigError } from '../config';

export const SECRET_FILE_NAME = 'auth-secret';

export const NO_SECRET_MESSAGE =
  'NO_SECRET: AUTH_SECRET is not set. Set the AUTH_SECRET environment variable to a random string of at least 32 characters (for example the output of `openssl rand -base64 32`) before starting in production.';

/**
 * Production needs an explicit secret (several instances must share it). Elsewhere a random one
 * is created on first start and kept in the data dir, so sessions survive restarts of `npm start`.
 */
export function resolveAuthSecret(options: { secret?: string; production: boolean; dataDir: string }): string {
  if (options.secret) return options.secret;
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
