import type { InvoicePayment } from '@hive/shared/schemas/backoffice/sales';

type T = (key: string, values?: Record<string, unknown>) => string;

/**
 * How a payment was made, in the reader's language: a bank transfer (with its reference, what the
 * merchant and the customer match the bank statement with), the payment type's name as saved, or
 * "not said". One wording for the payments list and the invoice document.
 */
export function paymentMethodText(payment: InvoicePayment, t: T): string {
  if (payment.method === 'bank_transfer') {
    return payment.reference
      ? t('invoices.bankTransferRef', { reference: payment.reference })
      : t('invoices.bankTransfer');
  }
  return payment.paymentTypeName ?? t('invoices.noMethod');
}
