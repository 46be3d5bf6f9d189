import { ADMIN_ROLES, PRODUCT_NAME } from '@hive/shared/config';
import { allAdminPermissionNames } from '@hive/shared/menu';
import { ConfigError, loadEnvConfig } from '../platform/config';
import { runCommand } from './run';
import {
  DEFAULT_SCRYPT_COST,
  PasswordHasher,
  findUserByEmail,
  normalizeEmail,
  passwordProblem,
  syncPermissions,
} from '../modules/auth';
import { openDatabase } from '../database';
import { migrateToLatest } from '../modules';
import { RELEASES_PERMISSION, grantReleasesPermission, releasesPermissionFor } from '../modules/releases';

/*
 * `npm run create-admin -w server -- --email <address> [--role super_admin]`: the first platform
 * administrator of an install (production seeds no demo accounts). The password is read from the
 * terminal (typed twice, not echoed) or from standard input, never from an argument, which would
 * end up in the shell history and the process list.
 */

const USAGE = `Usage: npm run create-admin -w server -- --email <address> [--role ${ADMIN_ROLES.join('|')}]
The password is asked for (or read from standard input: printf '%s\\n' "$PASSWORD" | npm run create-admin ...).
Uses the same environment as the server: DATABASE_URL, DATA_DIR, DATABASE_SCHEMA.`;

export function parseArgs(argv: readonly string[]): { email: string; role: string } {
  let email: string | undefined;
  let role = 'super_admin';
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    const [flag, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, undefined];
    const value = () => inline ?? argv[(i += 1)];
    if (flag === '--email') email = value();
    else if (flag === '--role') role = value() ?? '';
    else if (flag === '--password')
      throw new ConfigError('--password is not accepted: type the password when asked, or pipe it on standard input.');
    else throw new ConfigError(`Unknown argument "${arg}".\n${USAGE}`);
  }
  if (!email || !/^[^\s@]+@[^\s@]+$/.test(email.trim()))
    throw new ConfigError(`--email <address> is required.\n${USAGE}`);
  if (!(ADMIN_ROLES as readonly string[]).includes(role))
    throw new ConfigError(`--role must be one of ${ADMIN_ROLES.join(', ')}.`);
  return { email: normalizeEmail(email), role };
}

function readHidden(prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    process.stdout.write(prompt);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    let value = '';
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stdout.write('\n');
          resolve(value);
          return;
        }
        if (ch === '\u0003') {
          stdin.setRawMode(false);
          reject(new ConfigError('Cancelled.'));
          return;
        }
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

async function readStdinLine(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.split(/\r?\n/)[0] ?? '';
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readStdinLine();
  const first = await readHidden('Password: ');
  const second = await readHidden('Repeat the password: ');
  if (first !== second) throw new ConfigError('The two passwords are not the same.');
  return first;
}

export async function createAdmin(argv: readonly string[], readSecret = readPassword): Promise<string> {
  const { email, role } = parseArgs(argv);
  const password = await readSecret();
  const problem = passwordProblem(password, email);
  if (problem) throw new ConfigError(`password: ${problem}`);
  const env = loadEnvConfig();
  const passwords = new PasswordHasher(DEFAULT_SCRYPT_COST);
  const database = await openDatabase({ url: env.databaseUrl, dataDir: env.dataDir, schema: env.databaseSchema });
  try {
    await database.withStartupLock(async () => {
      await migrateToLatest(database.db, env.databaseSchema);
      await syncPermissions(database.db);
      await grantReleasesPermission(database.db);
    });
    if (await findUserByEmail(database.db, email)) throw new ConfigError(`${email} already has an account.`);
    const now = Date.now();
    const passwordHash = await passwords.hash(password);
    await database.db.transaction().execute(async (trx) => {
      const user = await trx
        .insertInto('users')
        .values({
          email,
          password_hash: passwordHash,
          is_admin: 1,
          role,
          company_id: null,
          language: 'en',
          status: 'active',
          session_version: 0,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Every admin area; the Releases page only with a role that may release (super_admin, dev_admin).
      const permissions = [
        ...allAdminPermissionNames().filter((name) => name !== RELEASES_PERMISSION),
        ...releasesPermissionFor(role),
      ];
      await trx
        .insertInto('user_permissions')
        .values(permissions.map((id_permission) => ({ user_id: user.id, id_permission })))
        .execute();
    });
    return `Created the platform administrator ${email} (${role}). Sign in to the ${PRODUCT_NAME} admin console at /admin.`;
  } finally {
    await database.destroy();
  }
}

if (process.argv[1] && /createAdmin\.(ts|js)$|create-admin\.js$/.test(process.argv[1])) {
  runCommand('create-admin', () => createAdmin(process.argv.slice(2)));
}
