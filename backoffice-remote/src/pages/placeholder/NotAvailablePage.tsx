import { Link } from 'react-router-dom';
import { hasLayout } from '@hive/shared/menu';
import { NotAvailable, PageFrame } from '@hive/shared/ui';
import { DOCUMENT_TITLE_SUFFIX, usePageMeta, useT } from '../../i18n';

/**
 * Every menu page that is not built yet: its title, breadcrumb and a clear "not available yet"
 * state (listed in docs/backoffice-pages.md).
 */
export function NotAvailablePage({ path }: { path: string }) {
  const { t } = useT();
  const { title, breadcrumb } = usePageMeta(path);
  // Print views have no sidebar: offer the way back.
  const back = hasLayout(path) ? undefined : <Link to="/">{t('placeholder.back')}</Link>;
  return (
    <PageFrame
      title={title}
      breadcrumb={breadcrumb}
      breadcrumbLabel={t('layout.breadcrumb')}
      documentTitleSuffix={DOCUMENT_TITLE_SUFFIX}
    >
      <NotAvailable title={t('placeholder.title')} message={t('placeholder.message', { page: title })} action={back} />
    </PageFrame>
  );
}
