import { useCallback, type ReactNode } from 'react';
import { PageFrame } from '@hive/shared/ui';
import { DOCUMENT_TITLE_SUFFIX, useAreaT, usePageMeta } from '../../../i18n';
import { reportHref } from '../../../frames/report/reportHref';
import { useSearchParamsUpdate } from '../../../frames/url';

export const STOCK_PATH = '/stock';

/**
 * The page's state in the URL, so a reload or a shared link shows the same: the list's filters
 * (`q`, `warehouse`, `low=1`) and the view (`count=<warehouse>|new`, `counts=all|<count id>`).
 */
export function useStockParams() {
  const [params, setSearchParams] = useSearchParamsUpdate();
  /** Sets (or with null / '' removes) some parameters, keeping the others. */
  const set = useCallback(
    (changes: Record<string, string | null>, options: { replace?: boolean } = {}) =>
      setSearchParams((next) => {
        for (const [name, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(name);
          else next.set(name, value);
        }
      }, options),
    [setSearchParams],
  );
  /** A link to /stock with the current parameters and some changed (the filters stay). */
  const href = (changes: Record<string, string | null>) => reportHref(STOCK_PATH, params.toString(), changes);
  return { params, set, href };
}

/** The page frame of /stock and its views (a count, past counts, one past count). */
export function StockFrame({
  title,
  crumbs = [],
  description,
  actions,
  children,
}: {
  /** The view's own title (the page's when left out). */
  title?: string;
  /** Breadcrumbs after "Stock". */
  crumbs?: string[];
  description?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useAreaT('inventory');
  const meta = usePageMeta(STOCK_PATH, crumbs);
  return (
    <PageFrame
      title={title ?? meta.title}
      breadcrumb={meta.breadcrumb}
      breadcrumbLabel={t('common:layout.breadcrumb')}
      documentTitleSuffix={DOCUMENT_TITLE_SUFFIX}
      description={description}
      actions={actions}
    >
      {children}
    </PageFrame>
  );
}
