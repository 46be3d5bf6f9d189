import { RELEASE_REMOTES } from '@hive/shared/schemas/releases';
import { ConfigError, loadEnvConfig } from '../platform/config';
import { openDatabase } from '../database';
import { migrateToLatest } from '../modules';
import { createDeployToken, listDeployTokens, revokeDeployToken } from '../modules/releases';
import { runCommand } from './run';

/*
 * `npm run deploy-token -w server -- --remote <name> [--label <text>] [--email <contact>]`: a new
 * deploy token for a team's CI, printed once on the last line (only its SHA-256 is kept).
 * `--list` shows the tokens (never the tokens themselves), `--revoke <id>` ends one at once.
 * Same database settings as the server: DATABASE_URL, DATA_DIR, DATABASE_SCHEMA.
 */

const USAGE = `Usage: npm run deploy-token -w server -- --remote <${RELEASE_REMOTES.join('|')}> [--label <text>] [--email <contact>]
       npm run deploy-token -w server -- --list
       npm run deploy-token -w server -- --revoke <id>
The new token is printed on the last line, once: store it as your CI's secret (HIVE_DEPLOY_TOKEN).
Uses the same environment as the server: DATABASE_URL, DATA_DIR, DATABASE_SCHEMA.`;

type Command =
  | { kind: 'create'; remote: string; label: string | null; email: string | null }
  | { kind: 'list' }
  | { kind: 'revoke'; id: number };

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export function parseArgs(argv: readonly string[]): Command {
  let remote: string | undefined;
  let label: string | null = null;
  let email: string | null = null;
  let list = false;
  let revoke: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    const [flag, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, undefined];
    const value = () => inline ?? argv[(i += 1)] ?? '';
    if (flag === '--remote') remote = value();
    else if (flag === '--label') label = value().trim() || null;
    else if (flag === '--email') email = value().trim().toLowerCase() || null;
    else if (flag === '--list') list = true;
    else if (flag === '--revoke') revoke = value();
    else throw new ConfigError(`Unknown argument "${arg}".\n${USAGE}`);
  }
  if (list) return { kind: 'list' };
  if (revoke !== undefined) {
    if (!/^[1-9]\d{0,9}$/.test(revoke)) throw new ConfigError(`--revoke takes a token id (see --list).\n${USAGE}`);
    return { kind: 'revoke', id: Number(revoke) };
  }
  if (!remote || !(RELEASE_REMOTES as readonly string[]).includes(remote)) {
    throw new ConfigError(`--remote must be one of ${RELEASE_REMOTES.join(', ')}.\n${USAGE}`);
  }
  if (label !== null && (label.length > 100 || CONTROL.test(label))) {
    throw new ConfigError('--label must be at most 100 characters, on one line.');
  }
  if (email !== null && !/^[^\s@]+@[^\s@]+$/.test(email)) throw new ConfigError('--email must be an e-mail address.');
  return { kind: 'create', remote, label, email };
}

const when = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString());

/** Runs the command against the database of `env` (the server's variables); the message to print. */
export async function deployToken(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const command = parseArgs(argv);
  const config = loadEnvConfig(env);
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    schema: config.databaseSchema,
  });
  try {
    await database.withStartupLock(() => migrateToLatest(database.db, config.databaseSchema));
    const now = Date.now();
    if (command.kind === 'list') {
      const tokens = await listDeployTokens(database.db);
      if (tokens.length === 0) return 'No deploy tokens yet.';
      return tokens
        .map(
          (t) =>
            `${t.id}\t${t.remote}\t${t.label ?? '-'}\t${t.contactEmail ?? '-'}\tcreated ${when(t.createdAt)}\t` +
            `last used ${when(t.lastUsedAt)}\t${t.revokedAt === null ? 'valid' : `revoked ${when(t.revokedAt)}`}`,
        )
        .join('\n');
    }
    if (command.kind === 'revoke') {
      const revoked = await revokeDeployToken(database.db, command.id, { userId: null, email: 'cli' }, now);
      if (!revoked) throw new ConfigError(`There is no valid deploy token ${command.id} (see --list).`);
      return `Revoked deploy token ${command.id}: its next call is refused.`;
    }
    const { id, token } = await createDeployToken(database.db, {
      remote: command.remote,
      label: command.label,
      contactEmail: command.email,
      createdByUserId: null,
      actorEmail: 'cli',
      now,
    });
    return [
      `Created deploy token ${id} for the ${command.remote} remote${command.label ? ` (${command.label})` : ''}.`,
      'It is shown this once; only its hash is kept. Revoke it with --revoke ' + id + '.',
      token,
    ].join('\n');
  } finally {
    await database.destroy();
  }
}

if (process.argv[1] && /deployToken\.(ts|js)$|deploy-token\.js$/.test(process.argv[1])) {
  runCommand('deploy-token', () => deployToken(process.argv.slice(2)));
}
