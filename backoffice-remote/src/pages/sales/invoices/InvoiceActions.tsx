import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { INVOICE_LIMITS, type InvoiceDetail, type InvoiceOptions } from '@hive/shared/schemas/backoffice/sales';
import { Alert, Button, FormDialog, SelectField, TextField, useToast } from '@hive/shared/ui';
import { fieldErrors } from '../../../api';
import { centsToInput, inputToCents, useCentsFormat } from '../../../components';
import { useAreaT, useLanguage } from '../../../i18n';
import { useFailureMessage } from '../../../frames/resource';
import { useSalesApi } from '../api';
import { InvoiceStatusBadge } from './InvoiceStatusBadge';
import { SendPreview } from './SendPreview';
import { paymentMethodText } from './paymentMethod';
import styles from './invoices.module.css';

type Dialog = 'payment' | 'void';

/** The method select's value for a bank transfer (payment types are numeric ids). */
const BANK = 'bank_transfer';

/** What can be done to an invoice now: send (or send again), record a payment, void, print. */
export function InvoiceActions({
  invoice,
  options,
  onChanged,
}: {
  invoice: InvoiceDetail;
  options: InvoiceOptions;
  onChanged?: () => void;
}) {
  const { t, i18n } = useAreaT('sales');
  const api = useSalesApi();
  const toast = useToast();
  const format = useCentsFormat();
  const failure = useFailureMessage('sales:invoices');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [busy, setBusy] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const open = invoice.status === 'sent' || invoice.status === 'partial';

  const send = async () => {
    setBusy(true);
    try {
      const answer = await api.sendInvoice(invoice.id);
      toast.success(
        answer.emailedTo
          ? t('invoices.sentTo', { number: answer.number, email: answer.emailedTo })
          : t('invoices.sentNoEmail', { number: answer.number }),
      );
      onChanged?.();
    } catch (error) {
      toast.error(failure(error));
    } finally {
      setBusy(false);
      setPreviewing(false);
    }
  };

  // The server renders the file (the same figures as the printable view) in the reader's language.
  const downloadPdf = async () => {
    setBusy(true);
    try {
      const lang = (i18n.resolvedLanguage ?? i18n.language ?? 'en').startsWith('es') ? 'es' : 'en';
      await api.downloadInvoicePdf(invoice.id, lang);
    } catch (error) {
      toast.error(failure(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-label={t('invoices.actionsLabel')}>
      <div className={styles.row}>
        <InvoiceStatusBadge status={invoice.shownStatus} />
        {invoice.status !== 'draft' && invoice.status !== 'void' && (
          <span className={styles.muted}>
            {t('invoices.balanceLine', { balance: format.cents(invoice.balanceCents) })}
          </span>
        )}
        {invoice.status === 'void' && (
          <span className={styles.muted}>{t('invoices.voidReason', { reason: invoice.voidReason })}</span>
        )}
      </div>
      <div className={styles.actions}>
        {(invoice.status === 'draft' || open) && (
          <Button
            variant={invoice.status === 'draft' ? 'primary' : 'secondary'}
            onClick={() => setPreviewing(true)}
            disabled={busy}
          >
            {invoice.status === 'draft' ? t('invoices.send') : t('invoices.sendAgain')}
          </Button>
        )}
        {open && (
          <Button variant="primary" onClick={() => setDialog('payment')}>
            {t('invoices.recordPayment')}
          </Button>
        )}
        {invoice.status === 'sent' && (
          <Button variant="danger" onClick={() => setDialog('void')}>
            {t('invoices.void')}
          </Button>
        )}
        <Button variant="secondary" onClick={() => void downloadPdf()} disabled={busy}>
          {t('invoices.downloadPdf')}
        </Button>
        <Link className={styles.muted} to={`/invoice/print?id=${invoice.id}`}>
          {t('invoices.printView')}
        </Link>
      </div>
      {invoice.payments.length > 0 && (
        <ul className={styles.muted} aria-label={t('invoices.paymentsLabel')}>
          {invoice.payments.map((p) => (
            <li key={p.id}>
              {t('invoices.paymentLine', {
                amount: format.cents(p.amountCents),
                date: p.paidOn,
                method: paymentMethodText(p, t),
              })}
              {p.note ? ` · ${p.note}` : ''}
            </li>
          ))}
        </ul>
      )}
      {previewing && (
        <SendPreview
          invoice={invoice}
          busy={busy}
          onConfirm={() => void send()}
          onCancel={() => setPreviewing(false)}
        />
      )}
      {dialog && (
        <ActionDialog
          kind={dialog}
          invoice={invoice}
          options={options}
          onClose={(changed) => {
            setDialog(null);
            if (changed) onChanged?.();
          }}
        />
      )}
    </section>
  );
}

function ActionDialog({
  kind,
  invoice,
  options,
  onClose,
}: {
  kind: Dialog;
  invoice: InvoiceDetail;
  options: InvoiceOptions;
  onClose: (changed: boolean) => void;
}) {
  const { t } = useAreaT('sales');
  const api = useSalesApi();
  const toast = useToast();
  const failure = useFailureMessage('sales:invoices');
  const lang = useLanguage();
  const [amount, setAmount] = useState(centsToInput(invoice.balanceCents, lang));
  const [paidOn, setPaidOn] = useState(options.today);
  // '' (not said), BANK (a bank transfer) or a payment type's id.
  const [method, setMethod] = useState('');
  const [reference, setReference] = useState('');
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const cents = inputToCents(amount, lang);
    if (kind === 'payment') {
      if (typeof cents !== 'number' || cents <= 0) found.amountCents = t('invoices.errors.amount');
      else if (cents > invoice.balanceCents) found.amountCents = t('invoices.errors.overBalance');
      if (paidOn === '') found.paidOn = t('common:validation.required');
    } else if (text.trim() === '') found.reason = t('common:validation.required');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setProblem(null);
    try {
      if (kind === 'payment') {
        await api.recordPayment(invoice.id, {
          amountCents: cents as number, // a positive number: checked above
          paidOn,
          ...(method === BANK
            ? { paymentTypeId: null, method: 'bank_transfer', reference: reference.trim() }
            : { paymentTypeId: method === '' ? null : Number(method) }),
          note: text.trim(),
        });
        toast.success(t('invoices.paymentRecorded'));
      } else {
        await api.voidInvoice(invoice.id, { reason: text.trim() });
        toast.success(t('invoices.voided'));
      }
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
      title={t(kind === 'payment' ? 'invoices.recordPayment' : 'invoices.voidTitle')}
      problem={problem ? <Alert kind="error">{problem}</Alert> : undefined}
      submitLabel={t(kind === 'payment' ? 'invoices.recordPayment' : 'invoices.void')}
      cancelLabel={t('common:common.cancel')}
      busy={busy}
      danger={kind === 'void'}
      onSubmit={(event) => void submit(event)}
      onCancel={() => onClose(false)}
    >
      {kind === 'payment' ? (
        <>
          <TextField
            label={t('invoices.fields.amount')}
            hint={t('invoices.hints.amount', { balance: centsToInput(invoice.balanceCents, lang) })}
            inputMode="decimal"
            required
            value={amount}
            error={errors.amountCents}
            onChange={(event) => setAmount(event.target.value)}
          />
          <TextField
            type="date"
            label={t('invoices.fields.paidOn')}
            required
            value={paidOn}
            error={errors.paidOn}
            onChange={(event) => setPaidOn(event.target.value)}
          />
          <SelectField
            label={t('invoices.fields.method')}
            placeholder={t('invoices.noMethod')}
            options={[
              { value: BANK, label: t('invoices.bankTransfer') },
              ...options.paymentTypes.map((p) => ({ value: String(p.id), label: p.name })),
            ]}
            value={method}
            error={errors.paymentTypeId ?? errors.method}
            onChange={(event) => setMethod(event.target.value)}
          />
          {method === BANK && (
            <TextField
              label={t('invoices.fields.reference')}
              hint={t('invoices.hints.reference')}
              maxLength={INVOICE_LIMITS.referenceMax}
              value={reference}
              error={errors.reference}
              onChange={(event) => setReference(event.target.value)}
            />
          )}
          <TextField
            label={t('invoices.fields.note')}
            maxLength={200}
            value={text}
            error={errors.note}
            onChange={(event) => setText(event.target.value)}
          />
        </>
      ) : (
        <>
          <p>{t('invoices.voidMessage')}</p>
          <TextField
            label={t('invoices.fields.reason')}
            required
            maxLength={200}
            value={text}
            error={errors.reason}
            onChange={(event) => setText(event.target.value)}
          />
        </>
      )}
    </FormDialog>
  );
}
