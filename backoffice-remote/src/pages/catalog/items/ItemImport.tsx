import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { Upload } from 'lucide-react';
import {
  ITEM_IMPORT_LIMITS,
  type ItemImportChange,
  type ItemImportError,
  type ItemImportPreview,
} from '@hive/shared/schemas/backoffice/catalog';
import { Alert, Button, FormDialog, useToast } from '@hive/shared/ui';
import { apiErrorBody, httpStatus, readCsvFile } from '../../../api';
import { useCentsFormat } from '../../../components';
import { useAreaT } from '../../../i18n';
import { useFailureMessage } from '../../../frames/resource';
import { useCatalogApi } from '../api';
import styles from '../shared/catalog.module.css';
import own from './ItemImport.module.css';

/** Rows of the preview shown in the dialog (the counts above it say the whole file). */
const SHOWN_MAX = 200;

/**
 * Items from a CSV file: the server reads the file into a preview (what it creates and changes,
 * and every problem by row and column), and writes nothing until Import, which sends the same file
 * again; the server reads it again (the preview here is never what is written) and writes it all
 * in one transaction, or nothing.
 */
export function ItemImport({ reload }: { reload: () => void }) {
  const { t } = useAreaT('catalog');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<Upload size={16} aria-hidden="true" />} onClick={() => setOpen(true)}>
        {t('itemImport.open')}
      </Button>
      {open && (
        <ImportDialog
          onClose={() => setOpen(false)}
          onImported={() => {
            setOpen(false);
            reload();
          }}
        />
      )}
    </>
  );
}

function ImportDialog({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  const { t } = useAreaT('catalog');
  const api = useCatalogApi();
  const toast = useToast();
  const failure = useFailureMessage('catalog:itemImport');
  const format = useCentsFormat();
  const hintId = useId();
  const errorId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<ItemImportPreview | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const read = async (chosen: File) => {
    setBusy(true);
    setNotice(null);
    try {
      const csv = await readCsvFile(chosen);
      setPreview(await api.previewItemImport({ csv, dryRun: true }));
    } catch (error) {
      setPreview(null);
      setFileError(failure(error));
    } finally {
      setBusy(false);
    }
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    setPreview(null);
    setFileError(null);
    if (!chosen) return;
    if (chosen.size > ITEM_IMPORT_LIMITS.maxCsvBytes) {
      setFileError(t('itemImport.tooLarge'));
      return;
    }
    void read(chosen);
  };

  const importFile = async (chosen: File, shown: ItemImportPreview) => {
    setBusy(true);
    try {
      const csv = await readCsvFile(chosen);
      const data = await api.importItems({
        csv,
        dryRun: false,
        fileName: chosen.name.slice(0, 200),
        expected: shown.fingerprint,
      });
      toast.success(
        t('itemImport.done', { count: data.created + data.updated, created: data.created, updated: data.updated }),
      );
      onImported();
    } catch (error) {
      // The file or the catalog changed since the preview: the server's new reading replaces it.
      const body = apiErrorBody(error) as { preview?: ItemImportPreview } | null;
      const status = httpStatus(error);
      if (body?.preview && (status === 400 || status === 409)) {
        setPreview(body.preview);
        setNotice(t('itemImport.changed'));
      } else {
        toast.error(failure(error));
      }
    } finally {
      setBusy(false);
    }
  };

  const toDo = preview ? preview.creates + preview.updates : 0;
  const wrong = preview ? preview.errors.length > 0 : false;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (!file) return setFileError(t('itemImport.chooseFile'));
    if (!preview || wrong) return void read(file);
    if (toDo === 0) return onClose();
    void importFile(file, preview);
  };

  let submitLabel = t('itemImport.preview');
  if (preview && wrong) submitLabel = t('itemImport.checkAgain');
  else if (preview && toDo === 0) submitLabel = t('itemImport.close');
  else if (preview) submitLabel = t('itemImport.import', { count: toDo });

  return (
    <FormDialog
      open
      title={t('itemImport.title')}
      submitLabel={submitLabel}
      cancelLabel={t('itemImport.cancel')}
      busy={busy}
      onSubmit={submit}
      onCancel={onClose}
      problem={notice ? <Alert kind="warning">{notice}</Alert> : undefined}
    >
      <div className={styles.lines}>
        <label className={`${styles.fileLabel} ${own.file}`}>
          {t('itemImport.file')}
          <input
            type="file"
            accept=".csv,text/csv"
            className={styles.fileInput}
            aria-describedby={fileError ? `${errorId} ${hintId}` : hintId}
            aria-invalid={fileError ? true : undefined}
            onChange={choose}
          />
        </label>
        {file && <p className={styles.muted}>{file.name}</p>}
        {fileError && (
          <p id={errorId} role="alert" className={own.error}>
            {fileError}
          </p>
        )}
        <p id={hintId} className={styles.muted}>
          {t('itemImport.hint', { rows: format.integer(ITEM_IMPORT_LIMITS.maxRows) })}
        </p>
        {busy && <p role="status">{t('itemImport.reading')}</p>}
        {preview && <PreviewView preview={preview} />}
      </div>
    </FormDialog>
  );
}

function PreviewView({ preview }: { preview: ItemImportPreview }) {
  const { t } = useAreaT('catalog');
  const problem = useProblemText();
  const change = useChangeText();
  const errors = preview.errors.length + preview.errorsNotListed;
  return (
    <section className={`${styles.lines} ${own.preview}`} aria-labelledby="item-import-preview">
      <h3 id="item-import-preview">{t('itemImport.previewTitle')}</h3>
      <p className={styles.muted}>
        {t('itemImport.summary', { creates: preview.creates, updates: preview.updates, unchanged: preview.unchanged })}
      </p>
      {preview.newCategories.length > 0 && (
        <p className={styles.muted}>{t('itemImport.newCategories', { names: preview.newCategories.join(', ') })}</p>
      )}
      {preview.stockColumns.length > 0 && (
        <p className={styles.muted}>
          {t('itemImport.stockColumns', { names: preview.stockColumns.map((c) => c.warehouse).join(', ') })}
        </p>
      )}
      {preview.ignoredColumns.length > 0 && (
        <p className={styles.muted}>{t('itemImport.ignoredColumns', { names: preview.ignoredColumns.join(', ') })}</p>
      )}
      {errors > 0 && (
        <Alert kind="error">
          <span>{t('itemImport.errorsTitle', { count: errors })}</span>
          <ul aria-label={t('itemImport.errorsList')}>
            {preview.errors.map((e, k) => (
              <li key={k}>{problem(e)}</li>
            ))}
            {preview.errorsNotListed > 0 && <li>{t('itemImport.moreErrors', { count: preview.errorsNotListed })}</li>}
          </ul>
        </Alert>
      )}
      {preview.rows.length > 0 && (
        <div className={styles.tableBox} role="region" aria-labelledby="item-import-rows" tabIndex={0}>
          <table className={styles.table}>
            <caption id="item-import-rows" className={styles.caption}>
              {t('itemImport.table')}
            </caption>
            <thead>
              <tr>
                <th scope="col" className={styles.num}>
                  {t('itemImport.columns.row')}
                </th>
                <th scope="col">{t('itemImport.columns.item')}</th>
                <th scope="col">{t('itemImport.columns.changes')}</th>
              </tr>
            </thead>
            <tbody>
              {preview.rows.slice(0, SHOWN_MAX).map((r) => (
                <tr key={r.row}>
                  <td className={styles.num}>{r.row}</td>
                  <th scope="row">
                    {r.name}
                    {r.sku && <span className={styles.muted}> · {r.sku}</span>}
                    <br />
                    <span className={styles.muted}>{t(`itemImport.actions.${r.action}`)}</span>
                  </th>
                  <td>
                    {r.changes.length > 0 && (
                      <ul className={own.changes}>
                        {r.changes.map((c, k) => (
                          <li key={k}>{change(c, r.action === 'create')}</li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {preview.rows.length + preview.rowsNotListed > SHOWN_MAX && (
        <p className={styles.muted}>
          {t('itemImport.moreRows', { count: preview.rows.length + preview.rowsNotListed - SHOWN_MAX })}
        </p>
      )}
    </section>
  );
}

/** "Row 4, Price: “cheap” is not a number." in the user's language. */
function useProblemText() {
  const { t } = useAreaT('catalog');
  return (e: ItemImportError) => {
    const problem = t(`itemImport.problems.${e.code}`, { value: e.value ?? '', defaultValue: e.message });
    return e.column === null
      ? t('itemImport.errorAtRow', { row: e.row, problem })
      : t('itemImport.errorAt', { row: e.row, column: e.column, problem });
  };
}

/** "Price: $1.50 → $1.80", or "Price: $1.80" for a new item. */
function useChangeText() {
  const { t } = useAreaT('catalog');
  const format = useCentsFormat();
  const value = (c: ItemImportChange, v: ItemImportChange['new']) => {
    if (v === null || v === '') return '—';
    if (c.field === 'price' || c.field === 'cost') return format.cents(Number(v));
    if (c.field === 'stock') return format.integer(Number(v));
    if (typeof v === 'boolean') return t(v ? 'itemImport.yes' : 'itemImport.no');
    if (Array.isArray(v)) return v.length > 0 ? v.join(', ') : t('itemImport.none');
    return String(v);
  };
  return (c: ItemImportChange, created: boolean) => {
    const field =
      c.field === 'stock'
        ? t('itemImport.fields.stockIn', { warehouse: c.warehouse })
        : t(`itemImport.fields.${c.field}`);
    return created
      ? t('itemImport.newValue', { field, value: value(c, c.new) })
      : t('itemImport.change', { field, old: value(c, c.old), value: value(c, c.new) });
  };
}
