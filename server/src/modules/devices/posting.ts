import { DEVICE_LIMITS } from '@hive/shared/schemas/device';
import type { PostingStep } from '../receipts';
import { queueKitchenTickets } from './printers';

/** Kitchen tickets of the batch's recent sales sent to the kitchen (older ones were cooked long ago). */
export const kitchenTicketsStep: PostingStep = {
  name: 'kitchen tickets',
  async post(trx, batch) {
    if (!batch.kitchenTickets) return;
    const queued = await queueKitchenTickets(trx, {
      companyId: batch.device.companyId,
      locationId: batch.device.locationId,
      now: batch.now,
      tickets: batch.receipts
        .filter((r) => r.sendToKitchen && r.at >= batch.now - DEVICE_LIMITS.kitchenTicketMaxAgeMs)
        .map((r) => ({
          receiptId: r.dbId!,
          receiptNumber: r.number!,
          orderType: r.orderTypeName,
          lines: r.lines.map((l) => ({
            categoryId: l.categoryId,
            name: l.name,
            quantity: l.quantity,
            modifiers: l.modifiers.map((m) => m.name),
          })),
        })),
    });
    if (queued > 0) batch.changed.add('print-jobs');
  },
};
