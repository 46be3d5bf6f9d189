import { Suspense, useEffect, useMemo, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { BACKOFFICE_DEFAULT_NAMESPACE } from '@hive/shared/config';
import { backofficeBottomMenu, backofficeMainMenu, backofficeMenus, visibleMenu } from '@hive/shared/menu';
import { selectMenuContext, selectUser, useAppDispatch, useAppSelector } from '@hive/shared/store';
import { useCompany } from '../api';
import { openGroups, selectIsDrawerOpen, selectIsSidebarOpen, setDrawerOpen, toggleSidebar } from '../state';
import { Header } from './Header';
import { ancestorGroups } from './menuTree';
import { PageErrorBoundary } from './PageErrorBoundary';
import { Sidebar } from './Sidebar';
import { NARROW_QUERY, useMediaQuery } from './useMediaQuery';
import styles from './Layout.module.css';

const SIDEBAR_ID = 'backoffice-sidebar';
const MAIN_ID = 'backoffice-main';

export function PageLoading() {
  const { t } = useTranslation(BACKOFFICE_DEFAULT_NAMESPACE);
  return (
    <div role="status" className={styles.pageLoading}>
      {t('common.loading')}
    </div>
  );
}

/**
 * The back-office shell: header, sidebar (main + bottom menu, exactly what `visibleMenu` allows)
 * and the page. Desktop: the sidebar is open or an icon rail. Narrow screens: a drawer.
 */
export function Layout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation(BACKOFFICE_DEFAULT_NAMESPACE);
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const ctx = useAppSelector(selectMenuContext);
  const user = useAppSelector(selectUser);
  const company = useCompany();
  const sidebarOpen = useAppSelector(selectIsSidebarOpen);
  const drawerOpen = useAppSelector(selectIsDrawerOpen);
  const narrow = useMediaQuery(NARROW_QUERY);

  const main = useMemo(() => visibleMenu(backofficeMainMenu, ctx), [ctx]);
  const bottom = useMemo(() => visibleMenu(backofficeBottomMenu, ctx), [ctx]);

  // The groups holding the page being shown open on arrival (a typed URL, a bookmark); closing
  // them again is the user's choice until the next navigation.
  useEffect(() => {
    const groups = ancestorGroups(backofficeMenus, pathname);
    if (groups.length > 0) dispatch(openGroups(groups));
  }, [dispatch, pathname]);

  // The drawer closes after a navigation and when the screen grows wide.
  useEffect(() => {
    dispatch(setDrawerOpen(false));
  }, [dispatch, pathname, narrow]);

  useEffect(() => {
    if (!narrow || !drawerOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dispatch(setDrawerOpen(false));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [dispatch, narrow, drawerOpen]);

  return (
    <div className={styles.app} data-area="backoffice">
      <a className={styles.skipLink} href={`#${MAIN_ID}`}>
        {t('layout.skipToContent')}
      </a>
      <Header
        email={user?.email ?? ''}
        companyName={company?.name ?? null}
        logoUrl={company?.logoUrl ?? null}
        sidebarId={SIDEBAR_ID}
        sidebarExpanded={narrow ? drawerOpen : sidebarOpen}
        onToggleSidebar={() => dispatch(narrow ? setDrawerOpen(!drawerOpen) : toggleSidebar())}
      />
      <div className={styles.body}>
        {narrow && drawerOpen && (
          <div className={styles.backdrop} aria-hidden="true" onClick={() => dispatch(setDrawerOpen(false))} />
        )}
        <Sidebar
          id={SIDEBAR_ID}
          main={main}
          bottom={bottom}
          collapsed={!narrow && !sidebarOpen}
          drawer={narrow}
          drawerOpen={drawerOpen}
        />
        <main id={MAIN_ID} className={styles.main} tabIndex={-1}>
          <PageErrorBoundary resetKey={pathname}>
            <Suspense fallback={<PageLoading />}>{children ?? <Outlet />}</Suspense>
          </PageErrorBoundary>
        </main>
      </div>
    </div>
  );
}

/** Pages flagged `layout: false` (print views): no header or sidebar, just the page. */
export function BareLayout({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div className={styles.bare} data-area="backoffice" data-layout="none">
      <main className={styles.bareMain}>
        <PageErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageLoading />}>{children ?? <Outlet />}</Suspense>
        </PageErrorBoundary>
      </main>
    </div>
  );
}
