import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  QB_FORMATS,
  QB_KINDS,
  type QbFormat,
  type QbKind,
  type QbMapping,
  type QbPreview,
  type QbSettings,
} from '@hive/shared/schemas/backoffice/sales';
import { Alert, Button, PageFrame, SelectField, TextField, useToast } from '@hive/shared/ui';
import { fieldErrors, useApi } from '../../../api';
import { useCentsFormat } from '../../../components';
import { DOCUMENT_TITLE_SUFFIX, useAreaT, usePageMeta, withAreaTexts } from '../../../i18n';
import { useFailureMessage } from '../../../frames/resource';
import { SALES_URL, useSalesApi } from '../api';
import styles from '../invoices/invoices.module.css';

const PATH = '/quickbooks';

const addDays = (iso: string, days: number) => {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** The export (what, which format, which days; preview, download) and the account mapping. */
function QuickBooksPage() {
  const { t } = useAreaT('sales');
  const { title, breadcrumb } = usePageMeta(PATH);
  const settings = useApi<QbSettings>(SALES_URL.qbSettings);
  const failure = useFailureMessage('sales:quickbooks');
  let body;
  if (settings.error) body = <Alert kind="error">{failure(settings.error)}</Alert>;
  else if (!settings.data) body = <p role="status">{t('common:common.loading')}</p>;
  else {
    body = (
      <>
        <ExportSection today={settings.data.today} />
        <MappingSection
          key={JSON.stringify(settings.data.mapping)}
          settings={settings.data}
          onSaved={settings.reload}
        />
      </>
    );
  }
  return (
    <PageFrame
      title={title}
      breadcrumb={breadcrumb}
      breadcrumbLabel={t('common:layout.breadcrumb')}
      documentTitleSuffix={DOCUMENT_TITLE_SUFFIX}
      description={t('quickbooks.description')}
    >
      {body}
    </PageFrame>
  );
}

function ExportSection({ today }: { today: string }) {
  const { t } = useAreaT('sales');
  const api = useSalesApi();
  const toast = useToast();
  const format = useCentsFormat();
  const failure = useFailureMessage('sales:quickbooks');
  const [params, setParams] = useSearchParams();
  const kind = (QB_KINDS as readonly string[]).includes(params.get('kind') ?? '')
    ? (params.get('kind') as QbKind)
    : 'sales';
  const file = (QB_FORMATS as readonly string[]).includes(params.get('format') ?? '')
    ? (params.get('format') as QbFormat)
    : 'csv';
  const from = params.get('from') ?? addDays(today, -29);
  const to = params.get('to') ?? today;
  const [preview, setPreview] = useState<QbPreview | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const query = { kind, format: file, from, to };
  const set = (name: string, value: string) => {
    setPreview(null);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(name, value);
        return next;
      },
      { replace: true },
    );
  };

  const show = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      setPreview(await api.qbPreview(query));
    } catch (error) {
      const fields = fieldErrors(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else toast.error(failure(error));
    } finally {
      setBusy(false);
    }
  };
  const download = async () => {
    setBusy(true);
    try {
      await api.qbExport(query);
    } catch (error) {
      toast.error(failure(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.lines} aria-labelledby="qb-export">
      <h2 id="qb-export">{t('quickbooks.export.title')}</h2>
      <form className={styles.grid} onSubmit={(event) => void show(event)} noValidate>
        <SelectField
          label={t('quickbooks.export.kind')}
          value={kind}
          options={QB_KINDS.map((value) => ({ value, label: t(`quickbooks.kinds.${value}`) }))}
          onChange={(event) => set('kind', event.target.value)}
          error={errors.kind}
        />
        <SelectField
          label={t('quickbooks.export.format')}
          hint={kind === 'taxes' ? t('quickbooks.export.taxesCsv') : undefined}
          value={file}
          options={QB_FORMATS.map((value) => ({ value, label: t(`quickbooks.formats.${value}`) }))}
          onChange={(event) => set('format', event.target.value)}
          error={errors.format}
        />
        <TextField
          type="date"
          label={t('quickbooks.export.from')}
          value={from}
          onChange={(event) => set('from', event.target.value)}
          error={errors.from}
        />
        <TextField
          type="date"
          label={t('quickbooks.export.to')}
          hint={t('quickbooks.export.toHint')}
          value={to}
          onChange={(event) => set('to', event.target.value)}
          error={errors.to}
        />
        <div className={`${styles.actions} ${styles.wide}`}>
          <Button type="submit" disabled={busy}>
            {t('quickbooks.export.preview')}
          </Button>
          <Button variant="primary" onClick={() => void download()} disabled={busy}>
            {t('quickbooks.export.download')}
          </Button>
        </div>
      </form>
      {preview && (
        <div className={styles.lines} aria-live="polite">
          <p className={styles.muted}>
            {t('quickbooks.export.summary', {
              file: preview.fileName,
              rows: preview.totalRows,
              entries: preview.entries,
            })}{' '}
            {preview.totals
              .map((total) => `${t(`quickbooks.totals.${total.label}`)} ${format.cents(total.cents)}`)
              .join(' · ')}
          </p>
          {preview.rows.length === 0 ? (
            <p>{t('quickbooks.export.empty')}</p>
          ) : (
            <div
              className={styles.tableBox}
              role="region"
              aria-label={t('quickbooks.export.previewLabel')}
              tabIndex={0}
            >
              <table className={styles.table}>
                <caption className={styles.caption}>{t('quickbooks.export.previewLabel')}</caption>
                <thead>
                  <tr>
                    {preview.columns.map((column, i) => (
                      <th key={i} scope="col">
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {preview.rows.map((row, r) => (
                    <tr key={r}>
                      {row.map((cell, c) => (
                        <td key={c}>{cell}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {preview.totalRows > preview.rows.length && (
            <p className={styles.muted}>
              {t('quickbooks.export.more', { shown: preview.rows.length, total: preview.totalRows })}
            </p>
          )}
        </div>
      )}
    </section>
  );
}

type MappingField = 'income' | 'taxPayable' | 'tipsPayable' | 'receivable' | 'otherPayments';
const FIELDS: MappingField[] = ['income', 'taxPayable', 'tipsPayable', 'receivable', 'otherPayments'];

function MappingSection({ settings, onSaved }: { settings: QbSettings; onSaved: () => void }) {
  const { t } = useAreaT('sales');
  const api = useSalesApi();
  const toast = useToast();
  const failure = useFailureMessage('sales:quickbooks');
  const [mapping, setMapping] = useState<QbMapping>(settings.mapping);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    for (const field of FIELDS) if (mapping[field].trim() === '') found[field] = t('common:validation.required');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const paymentAccounts = Object.fromEntries(
        Object.entries(mapping.paymentAccounts).filter(([, v]) => v.trim() !== ''),
      );
      await api.saveQbSettings({ ...mapping, paymentAccounts });
      toast.success(t('quickbooks.mapping.saved'));
      onSaved();
    } catch (error) {
      const fields = fieldErrors(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else toast.error(failure(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.lines} aria-labelledby="qb-mapping">
      <h2 id="qb-mapping">{t('quickbooks.mapping.title')}</h2>
      <p className={styles.muted}>{t('quickbooks.mapping.help')}</p>
      <form className={styles.grid} onSubmit={(event) => void save(event)} noValidate>
        {FIELDS.map((field) => (
          <TextField
            key={field}
            label={t(`quickbooks.mapping.fields.${field}`)}
            required
            maxLength={100}
            value={mapping[field]}
            error={errors[field]}
            onChange={(event) => setMapping({ ...mapping, [field]: event.target.value })}
          />
        ))}
        {settings.paymentTypes.map((type) => (
          <TextField
            key={type.id}
            label={t('quickbooks.mapping.payment', { name: type.name })}
            hint={t('quickbooks.mapping.paymentHint')}
            maxLength={100}
            value={mapping.paymentAccounts[String(type.id)] ?? ''}
            error={errors[`paymentAccounts.${type.id}`]}
            onChange={(event) =>
              setMapping({
                ...mapping,
                paymentAccounts: { ...mapping.paymentAccounts, [String(type.id)]: event.target.value },
              })
            }
          />
        ))}
        <div className={`${styles.actions} ${styles.wide}`}>
          <Button type="submit" variant="primary" disabled={busy}>
            {t('quickbooks.mapping.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}

export default withAreaTexts('sales', QuickBooksPage);
