import type { Db } from '../../module';

/*
 * The writes the registers' API (device/) makes to the terminals and print jobs: this module owns
 * those tables, so they are written here, each in the caller's transaction (`db`).
 */

/** An expired pairing code is cleared. */
export async function clearPairingCode(db: Db, terminalId: number): Promise<void> {
  await db
    .updateTable('terminals')
    .set({ pairing_code_hash: null, pairing_expires_at: null })
    .where('id', '=', terminalId)
    .execute();
}

export interface Pairing {
  tokenHash: string;
  now: number;
  appVersion?: string;
  deviceModel?: string;
}

/**
 * Pairs the terminal with a device token. Single use: only the request that clears the code
 * (`codeHash`, still on the row) pairs it; false when another did first.
 */
export async function pairTerminal(db: Db, terminalId: number, codeHash: string, pairing: Pairing): Promise<boolean> {
  const { now } = pairing;
  const result = await db
    .updateTable('terminals')
    .set({
      token_hash: pairing.tokenHash,
      status: 'paired',
      paired_at: now,
      last_seen_at: now,
      pairing_code_hash: null,
      pairing_expires_at: null,
      ...(pairing.appVersion ? { app_version: pairing.appVersion.trim() } : {}),
      ...(pairing.deviceModel ? { device_model: pairing.deviceModel.trim() } : {}),
      updated_at: now,
    })
    .where('id', '=', terminalId)
    .where('pairing_code_hash', '=', codeHash)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The register called (with its app version when that changed). */
export async function markTerminalSeen(db: Db, terminalId: number, now: number, appVersion?: string): Promise<void> {
  await db
    .updateTable('terminals')
    .set({ last_seen_at: now, ...(appVersion !== undefined ? { app_version: appVersion } : {}) })
    .where('id', '=', terminalId)
    .execute();
}

export async function markTerminalSynced(db: Db, terminalId: number, now: number): Promise<void> {
  await db.updateTable('terminals').set({ last_sync_at: now }).where('id', '=', terminalId).execute();
}

/** Jobs handed to their register (once more, for a redelivery). */
export async function markPrintJobsDelivered(db: Db, companyId: number, ids: number[], now: number): Promise<void> {
  await db
    .updateTable('print_jobs')
    .set((eb) => ({ delivered_at: now, attempts: eb('attempts', '+', 1), updated_at: now }))
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
}

/** The register printed the job or failed to (`error`, trimmed; '' when none). */
export async function acknowledgePrintJob(
  db: Db,
  companyId: number,
  id: number,
  ack: { status: 'printed' | 'failed'; error?: string; now: number },
): Promise<void> {
  const { now } = ack;
  await db
    .updateTable('print_jobs')
    .set({ status: ack.status, acked_at: now, error: ack.error?.trim() ?? '', updated_at: now })
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .execute();
}
