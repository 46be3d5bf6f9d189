import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BACKOFFICE_DEFAULT_NAMESPACE, PRODUCT_NAME } from '@hive/shared/config';
import type { ValidationMessages } from '@hive/shared/schemas/backoffice';
import type { Crumb, DecimalMessage } from '@hive/shared/ui';
import type { DataTableLabels } from '@hive/shared/ui/table';
import { breadcrumbKeys, titleKey } from './pageMeta';

/** `t` of the back-office namespace ('common'). */
export function useT() {
  return useTranslation(BACKOFFICE_DEFAULT_NAMESPACE);
}

export const DOCUMENT_TITLE_SUFFIX = PRODUCT_NAME;

export interface PageMeta {
  title: string;
  breadcrumb: Crumb[];
}

/** Title and breadcrumb of a menu page; `extra` crumbs go after it (e.g. "Edit item"). */
export function usePageMeta(path: string, extra: string[] = []): PageMeta {
  const { t } = useT();
  const keys = breadcrumbKeys(path);
  const title = t(titleKey(path));
  const crumbs: Crumb[] = keys.map((key, index) => ({
    label: t(key),
    // The page itself links back to its list when something follows it.
    to: index === keys.length - 1 && extra.length > 0 ? path : undefined,
  }));
  // "Home" first: `/` takes the user to the first page their menu shows.
  return { title, breadcrumb: [{ label: t('layout.home'), to: '/' }, ...crumbs, ...extra.map((label) => ({ label }))] };
}

/** The shared zod schemas' messages in the user's language. */
export function useValidationMessages(): ValidationMessages {
  const { t, i18n } = useT();
  return useMemo<ValidationMessages>(
    () => (key, values) => t(`validation.${key}`, values),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new language means new messages
    [t, i18n.language],
  );
}

/** The words for a decimal field's problem (DecimalField, decimalResolver) in the user's language. */
export function useDecimalMessage(): DecimalMessage {
  const m = useValidationMessages();
  return useMemo<DecimalMessage>(
    () => (problem, rule) => {
      if (problem === 'otherSeparator') return m('decimalSeparator');
      if (problem === 'ambiguous') return m('ambiguousNumber');
      // A fraction in a whole-number field: "Enter a whole number.", not "at most 0 decimals".
      if (problem === 'decimals')
        return rule.decimals === 0 ? m('notAnInteger') : m('decimals', { decimals: rule.decimals });
      if (problem === 'negative') return m('min', { min: 0 });
      return m('notANumber');
    },
    [m],
  );
}

/** The user's language, for reading and writing numbers in fields. */
export function useLanguage(): string {
  const { i18n } = useT();
  return i18n.resolvedLanguage ?? i18n.language ?? 'en';
}

export function useTableLabels(): Partial<DataTableLabels> {
  const { t, i18n } = useT();
  return useMemo(
    () => ({
      previous: t('table.previous'),
      next: t('table.next'),
      pageOf: (page, pages) => t('table.pageOf', { page, pages }),
      range: (from, to, total) => t('table.range', { from, to, total }),
      rowsPerPage: t('table.rowsPerPage'),
      loading: t('common.loading'),
      sortAscending: t('table.sortAscending'),
      sortDescending: t('table.sortDescending'),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new language means new labels
    [t, i18n.language],
  );
}
