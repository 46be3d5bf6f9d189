import type { PostingStep } from '../receipts';
import { postReceiptStock } from './ledger';

/** Stock of the tracked items at the location's warehouse (the ledger), in the batch's transaction. */
export const stockStep: PostingStep = {
  name: 'stock',
  async post(trx, batch) {
    if (batch.receipts.length === 0) return;
    await postReceiptStock(trx, {
      companyId: batch.device.companyId,
      locationId: batch.device.locationId,
      now: batch.now,
      receipts: batch.receipts.map((r) => ({
        id: r.dbId!,
        kind: r.kind,
        at: r.at,
        lines: r.lines.map((l) => ({ itemId: l.itemId, quantity: l.quantity })),
      })),
    });
  },
};
