import type { PostingStep } from '../receipts';
import { recordReceiptRollups } from './rollups';

/** The report roll-ups, in the batch's transaction: a report never disagrees with the receipts. */
export const rollupsStep: PostingStep = {
  name: 'report roll-ups',
  async post(trx, batch) {
    if (batch.receipts.length > 0)
      await recordReceiptRollups(
        trx,
        batch.receipts.map((r) => r.dbId!),
      );
  },
};
