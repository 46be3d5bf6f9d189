import { useCallback, useMemo, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ArrowLeft, Printer } from 'lucide-react';
import { PAPER_SIZES, type PaperSize } from '@hive/shared/schemas/backoffice/scheduling';
import { Alert, Button, PageFrame, SelectField, TextField } from '@hive/shared/ui';
import { apiErrorBody, httpStatus } from '../../../api';
import { DOCUMENT_TITLE_SUFFIX, useAreaT, usePageMeta } from '../../../i18n';
import { useFailureMessage } from '../../../frames/resource';
import { scheduleHref } from './links';
import styles from './print.module.css';

/** What the paper size becomes in the `@page` rule. */
const PAGE_SIZE: Record<PaperSize, string> = { A4: 'A4', Letter: 'letter' };
/** Room for a printer's unprintable edge (the back-office adds a little padding of its own). */
const PAGE_MARGIN = '10mm';

export function isPaperSize(value: string): value is PaperSize {
  return (PAPER_SIZES as readonly string[]).includes(value);
}

/**
 * The sheet's choices, all in the URL (a sheet can be bookmarked and printed again): the API's
 * (date, location, the tip-out's rule) and the paper size, the browser's business. An empty value
 * is the server's default (today, the first location, pooled by hours) or A4.
 */
export function useSheetParams() {
  const [params, setParams] = useSearchParams();
  const value = useCallback((key: string) => params.get(key) ?? '', [params]);
  const paper: PaperSize = isPaperSize(value('paper')) ? (value('paper') as PaperSize) : 'A4';
  const update = useCallback(
    (patch: Record<string, string>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, v] of Object.entries(patch)) {
            if (v) next.set(key, v);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { value, paper, update };
}

/** The API's query from the URL: only `keys`, empty ones left out (useApi compares it by value). */
export function useSheetQuery(keys: readonly string[]): Record<string, string | undefined> {
  const { value } = useSheetParams();
  return Object.fromEntries(keys.map((key) => [key, value(key) || undefined]));
}

/** A day as on a printed sheet: "Monday, November 23, 2026" (the calendar day, no time zone shift). */
export function useSheetDate() {
  const { i18n } = useAreaT('labor');
  const lng = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  return useMemo(() => {
    const long = new Intl.DateTimeFormat(lng, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    return (iso: string) => long.format(new Date(`${iso}T00:00:00Z`));
  }, [lng]);
}

/** The server's reasons for refusing the sheet's choices, in the user's language. */
const REASONS: Record<string, string> = {
  'no such location': 'unknownLocation',
  'the company has no location': 'noLocation',
  'must be a date as YYYY-MM-DD': 'badDate',
  'must be the id of a location': 'unknownLocation',
};

export interface SheetAnswer {
  date: string;
  locationId: number;
  locationName: string;
  locations: { id: number; name: string }[];
}

/**
 * A sheet printed on A4 or Letter, shown without the back-office around it: the page's title, a
 * way back to the schedule and a Print button, a bar of choices (none of them printed), then the
 * sheet headed by its location and day. The paper size chosen becomes the page's `@page` rule.
 */
export function PrintSheet<D extends SheetAnswer>({
  path,
  api,
  extraControls,
  caption,
  children,
}: {
  path: string;
  /** The sheet's answer (useApi's state). */
  api: { data: D | undefined; error: unknown; loading: boolean; reload: () => void };
  /** The sheet's own choices, after the date and location. */
  extraControls?: ReactNode;
  /** Under the heading: what the sheet shows, in a sentence. */
  caption?: (data: D) => ReactNode;
  children: (data: D) => ReactNode;
}) {
  const { t } = useAreaT('labor');
  const { title } = usePageMeta(path);
  const failure = useFailureMessage();
  const longDate = useSheetDate();
  const { value, paper, update } = useSheetParams();
  const { data, error } = api;
  const shown = data && !error ? data : undefined;

  let body: ReactNode;
  if (error) {
    const refused = httpStatus(error) === 400;
    const reasons = Object.values(apiErrorBody(error)?.fields ?? {}).map((message) =>
      REASONS[message] ? t(`sheet.reasons.${REASONS[message]}`) : message,
    );
    body = (
      <Alert
        kind="error"
        action={
          refused ? (
            <Button onClick={() => update({ date: '', location: '' })}>{t('sheet.reset')}</Button>
          ) : (
            <Button onClick={api.reload}>{t('common:common.tryAgain')}</Button>
          )
        }
      >
        {refused ? [t('sheet.refused'), ...reasons].join(' ') : failure(error)}
      </Alert>
    );
  } else if (!data) {
    body = <p role="status">{t('common:common.loading')}</p>;
  } else {
    body = (
      <article className={styles.sheet} data-paper={paper} aria-labelledby="sheet-heading">
        <h2 id="sheet-heading" className={styles.heading}>
          {t('sheet.heading', { location: data.locationName, date: longDate(data.date) })}
        </h2>
        {caption && <p className={styles.caption}>{caption(data)}</p>}
        {children(data)}
      </article>
    );
  }

  return (
    <PageFrame
      title={title}
      breadcrumbLabel={t('common:layout.breadcrumb')}
      documentTitleSuffix={DOCUMENT_TITLE_SUFFIX}
      actions={
        <>
          <Link className={styles.back} to={scheduleHref(shown)}>
            <ArrowLeft size={16} aria-hidden="true" />
            {t('sheet.back')}
          </Link>
          <Button variant="primary" icon={<Printer size={16} aria-hidden="true" />} onClick={() => window.print()}>
            {t('sheet.print')}
          </Button>
        </>
      }
    >
      <style>{`@page { size: ${PAGE_SIZE[paper]} portrait; margin: ${PAGE_MARGIN}; }`}</style>
      <div className={styles.page}>
        <div className={styles.controls} role="group" aria-label={t('sheet.controls')}>
          <TextField
            label={t('sheet.date')}
            type="date"
            className={styles.control}
            value={value('date') || shown?.date || ''}
            onChange={(e) => update({ date: e.target.value })}
          />
          <SelectField
            label={t('sheet.location')}
            className={styles.control}
            value={value('location') || String(shown?.locationId ?? '')}
            onChange={(e) => update({ location: e.target.value })}
            options={withCurrent(
              (data?.locations ?? []).map((l) => ({ value: String(l.id), label: l.name })),
              value('location'),
            )}
          />
          {extraControls}
          <SelectField
            label={t('sheet.paper')}
            className={styles.control}
            value={paper}
            onChange={(e) => update({ paper: e.target.value === 'A4' ? '' : e.target.value })}
            options={PAPER_SIZES.map((p) => ({ value: p, label: t(`sheet.papers.${p}`) }))}
          />
        </div>
        {body}
      </div>
    </PageFrame>
  );
}

/** The options, plus the URL's value while the list is not loaded yet (so the select shows it). */
function withCurrent(options: { value: string; label: string }[], current: string) {
  if (!current || options.some((o) => o.value === current)) return options;
  return [...options, { value: current, label: current }];
}

/**
 * A sheet's table: on a phone it scrolls sideways in its own focusable region (the page itself
 * never does); on paper it fits the width.
 */
export function SheetTable({
  caption,
  className,
  children,
}: {
  caption: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={styles.tableWrap} role="region" aria-label={caption} tabIndex={0}>
      <table className={[styles.table, className].filter(Boolean).join(' ')}>
        <caption>{caption}</caption>
        {children}
      </table>
    </div>
  );
}
