// Test-only: a page that is nothing but its frame (title, breadcrumb), for the route tests, which
// are about which path answers, not about what each page shows (each page has its own tests).
import { useLocation } from 'react-router-dom';
import { backofficeMenus, menuPaths } from '@hive/shared/menu';
import { PageFrame } from '@hive/shared/ui';
import { DOCUMENT_TITLE_SUFFIX, usePageMeta, useT } from '../i18n';

export function StubPage() {
  const { t } = useT();
  const path = useLocation().pathname.replace(/\/print$/, '');
  const { title, breadcrumb } = usePageMeta(path);
  return (
    <PageFrame
      title={title}
      breadcrumb={breadcrumb}
      breadcrumbLabel={t('layout.breadcrumb')}
      documentTitleSuffix={DOCUMENT_TITLE_SUFFIX}
    >
      <p data-testid="stub-page">{path}</p>
    </PageFrame>
  );
}

/** `PAGES` with the stub for every menu path: `jest.mock('<...>/app/pages', () => ({ PAGES: stubPages() }))`. */
export function stubPages() {
  return Object.fromEntries(menuPaths(backofficeMenus).map((path) => [path, StubPage]));
}
