import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ArrowLeft, Printer } from 'lucide-react';
import { PAPER_SIZES, type PaperSize } from '@hive/shared/schemas/backoffice/scheduling';
import { Alert, Button, SelectField, TextField } from '@hive/shared/ui';
import { DOCUMENT_TITLE_SUFFIX, useAreaT, usePageMeta } from '../../../i18n';
import { useFailureMessage } from '../../resource';
import styles from './print.module.css';

/** The sheet's choices, all in the URL (a printed sheet can be bookmarked and printed again). */
export function useSheetParams() {
  const [params, setParams] = useSearchParams();
  const value = (key: string) => params.get(key) ?? '';
  const paper: PaperSize = (PAPER_SIZES as readonly string[]).includes(value('paper'))
    ? (value('paper') as PaperSize)
    : 'A4';
  const update = (key: string, next: string) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next) copy.set(key, next);
        else copy.delete(key);
        return copy;
      },
      { replace: true },
    );
  return { value, paper, update };
}

/** The API's query: the sheet's own choices (the paper size is the browser's business). */
export function sheetQuery(value: (key: string) => string, keys: string[]) {
  return Object.fromEntries(keys.map((k) => [k, value(k) || undefined]));
}

/**
 * A sheet printed on A4 or Letter, shown without the back-office around it: a bar of choices and a
 * Print button (not printed), then the sheet. The paper size chosen becomes the page's `@page` rule.
 */
export function PrintSheet({
  path,
  locations,
  shown,
  extraControls,
  error,
  children,
}: {
  path: string;
  locations: { id: number; name: string }[];
  /** The day and location the server answered for (the defaults when the URL names none). */
  shown: { date: string; locationId: number } | undefined;
  extraControls?: ReactNode;
  error?: unknown;
  children: ReactNode;
}) {
  const { t } = useAreaT('labor');
  const { title } = usePageMeta(path);
  const failure = useFailureMessage();
  const { value, paper, update } = useSheetParams();
  const size = paper === 'Letter' ? 'letter' : 'A4';
  return (
    <div className={styles.sheetPage}>
      <title>{`${title} · ${DOCUMENT_TITLE_SUFFIX}`}</title>
      {/* Printing uses the chosen paper; margins leave room for a printer's unprintable edge. */}
      <style>{`@page { size: ${size} portrait; margin: 12mm; }`}</style>
      <div className={styles.controls} role="group" aria-label={t('sheet.controls')}>
        <Link className={styles.back} to="/scheduling">
          <ArrowLeft size={16} aria-hidden="true" />
          {t('sheet.back')}
        </Link>
        <TextField
          label={t('sheet.date')}
          type="date"
          className={styles.control}
          value={value('date') || shown?.date || ''}
          onChange={(e) => update('date', e.target.value)}
        />
        <SelectField
          label={t('sheet.location')}
          className={styles.control}
          value={value('location') || String(shown?.locationId ?? '')}
          onChange={(e) => update('location', e.target.value)}
          options={locations.map((l) => ({ value: String(l.id), label: l.name }))}
        />
        {extraControls}
        <SelectField
          label={t('sheet.paper')}
          className={styles.control}
          value={paper}
          onChange={(e) => update('paper', e.target.value === 'A4' ? '' : e.target.value)}
          options={PAPER_SIZES.map((p) => ({ value: p, label: t(`sheet.papers.${p}`) }))}
        />
        <Button variant="primary" icon={<Printer size={16} aria-hidden="true" />} onClick={() => window.print()}>
          {t('sheet.print')}
        </Button>
      </div>
      {error !== undefined && error !== null && <Alert kind="error">{failure(error)}</Alert>}
      <article className={styles.sheet} data-paper={paper}>
        {children}
      </article>
    </div>
  );
}
