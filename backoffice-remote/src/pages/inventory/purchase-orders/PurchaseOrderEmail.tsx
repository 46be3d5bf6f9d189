import { useMemo, useState, type FormEvent } from 'react';
import { createPurchaseOrderEmailSchema, type PurchaseOrder } from '@hive/shared/schemas/backoffice/inventory';
import { Alert, Button, CheckboxField, FormDialog, TextField, useToast } from '@hive/shared/ui';
import { fieldErrors } from '../../../api';
import { useFailureMessage } from '../../../frames/resource';
import { useAreaT, useValidationMessages } from '../../../i18n';
import { useInventoryApi } from '../api';

const PREFIX = 'inventory:purchaseOrders';
const normal = (address: string) => address.trim().toLowerCase();

/**
 * E-mailing a purchase order: to the vendor's address, prefilled. Another address (one, never a
 * list) goes out only once the user ticks that it is meant; the server refuses it otherwise.
 */
export function PurchaseOrderEmail({ order, onSent }: { order: PurchaseOrder; onSent: () => void }) {
  const { t } = useAreaT('inventory');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('purchaseOrders.actions.email')}</Button>
      {open && (
        <EmailDialog
          order={order}
          onClose={(sent) => {
            setOpen(false);
            if (sent) onSent();
          }}
        />
      )}
    </>
  );
}

function EmailDialog({ order, onClose }: { order: PurchaseOrder; onClose: (sent: boolean) => void }) {
  const { t } = useAreaT('inventory');
  const api = useInventoryApi();
  const toast = useToast();
  const failure = useFailureMessage(PREFIX);
  const messages = useValidationMessages();
  const schema = useMemo(() => createPurchaseOrderEmailSchema(messages), [messages]);
  const vendorEmail = normal(order.vendorEmail);
  const [to, setTo] = useState(order.vendorEmail);
  const [confirmed, setConfirmed] = useState(false);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const other = normal(to) !== '' && normal(to) !== vendorEmail;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const parsed = schema.safeParse({ to: to.trim() });
    if (to.trim() === '') found.to = t('common:validation.required');
    else if (!parsed.success) found.to = parsed.error.issues[0]?.message ?? t('common:validation.invalidEmail');
    else if (other && !confirmed) found.confirmOtherRecipient = t('purchaseOrders.email.confirmRequired');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setProblem(null);
    try {
      await api.emailPurchaseOrder(order.id, other ? { to: to.trim(), confirmOtherRecipient: true } : {});
      toast.success(t('purchaseOrders.done.email', { number: order.number }));
      onClose(true);
    } catch (error) {
      const fields = fieldErrors(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else setProblem(failure(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open
      title={t('purchaseOrders.email.title', { number: order.number })}
      problem={problem ? <Alert kind="error">{problem}</Alert> : undefined}
      submitLabel={t('purchaseOrders.email.send')}
      cancelLabel={t('common:common.cancel')}
      busy={busy}
      onSubmit={(event) => void submit(event)}
      onCancel={() => onClose(false)}
    >
      <TextField
        type="email"
        label={t('purchaseOrders.email.to')}
        hint={
          vendorEmail
            ? t('purchaseOrders.email.vendorHint', { vendor: order.vendorName, email: vendorEmail })
            : t('purchaseOrders.email.noVendorEmail', { vendor: order.vendorName })
        }
        required
        value={to}
        error={errors.to}
        onChange={(event) => {
          setTo(event.target.value);
          setConfirmed(false);
        }}
      />
      {other && (
        <CheckboxField
          label={t('purchaseOrders.email.confirmOther', { email: to.trim(), vendor: order.vendorName })}
          checked={confirmed}
          error={errors.confirmOtherRecipient}
          onChange={(event) => setConfirmed(event.target.checked)}
        />
      )}
    </FormDialog>
  );
}
