import { loadEnvConfig } from '../platform/config';
import { runCommand } from './run';
import { syncPermissions } from '../modules/auth';
import { openDatabase } from '../database';
import { disableDemoAccounts, migrateToLatest } from '../modules';

/*
 * `npm run disable-demo -w server`: the way out when production refuses to start on a database
 * holding the demo accounts (config.ts demoAccountsMessage). Every demo persona loses its password
 * and is locked as by platform staff; their sessions and e-mailed links end. The demo companies
 * and their data stay (a fresh DATA_DIR is the way to start without them). Same environment as
 * the server: DATA_DIR, DATABASE_URL, DATABASE_SCHEMA.
 */
export async function disableDemo(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const config = loadEnvConfig(env);
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    schema: config.databaseSchema,
  });
  try {
    await database.withStartupLock(async () => {
      await migrateToLatest(database.db, config.databaseSchema);
      await syncPermissions(database.db);
    });
    const disabled = await disableDemoAccounts(database.db, Date.now());
    return disabled.length === 0
      ? `No demo account can sign in to ${database.describe}: nothing to do.`
      : `Disabled ${disabled.length} demo accounts in ${database.describe}: ${disabled.join(', ')}.`;
  } finally {
    await database.destroy();
  }
}

if (process.argv[1] && /disableDemo\.(ts|js)$|disable-demo\.js$/.test(process.argv[1])) {
  if (process.argv.length > 2) {
    console.error('disable-demo takes no arguments: it reads DATA_DIR, DATABASE_URL and DATABASE_SCHEMA.');
    process.exit(1);
  }
  runCommand('disable-demo', disableDemo);
}
