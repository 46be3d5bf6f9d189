import { useEffect, useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Menu } from 'lucide-react';
import { PRODUCT_NAME, ROUTES } from '@hive/shared/config';
import { adminMenu, roleLabel, visibleAdminMenu } from '@hive/shared/menu';
import { useSession } from '@hive/shared/shell-contract';
import { useAppDispatch, useAppSelector, type User } from '@hive/shared/store';
import { purgeAdminKeys, saveAdminUi, selectSidebarOpen, setSidebarOpen, toggleSidebar } from '../state';
import { AdminSidebar } from './AdminSidebar';
import { Logo } from './Logo';
import styles from './AdminLayout.module.css';

const SIDEBAR_ID = 'admin-sidebar';

/** Header (logo, product name, role label), the admin sidebar and the page. */
export function AdminLayout({ user, children }: { user: User; children?: ReactNode }) {
  const { t } = useTranslation('login');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { logout } = useSession();
  const dispatch = useAppDispatch();
  const sidebarOpen = useAppSelector(selectSidebarOpen);
  const items = useMemo(() => visibleAdminMenu(adminMenu, user.permissions), [user.permissions]);

  // SPEC.md 2: after each route change the other `admin_` keys go.
  useEffect(() => {
    purgeAdminKeys();
  }, [pathname]);

  useEffect(() => {
    saveAdminUi({ sidebarOpen });
  }, [sidebarOpen]);

  async function onLogout() {
    // The shell's logout sends admin pages back to /admin and never rejects; should it fail
    // anyway, SPEC.md 8: a failed logout goes to /admin.
    try {
      await logout();
    } catch {
      navigate(ROUTES.admin, { replace: true });
    }
  }

  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={sidebarOpen}
          aria-controls={SIDEBAR_ID}
          onClick={() => dispatch(toggleSidebar())}
        >
          <Menu size={20} aria-hidden="true" />
          <span className={styles.visuallyHidden}>{sidebarOpen ? t('layout.hideMenu') : t('layout.showMenu')}</span>
        </button>
        <span className={styles.brand}>
          <Logo />
          <span className={styles.product}>{PRODUCT_NAME}</span>
          <span className={styles.area}>{t('layout.console')}</span>
        </span>
        <span className={styles.role} data-testid="admin-role" title={t('layout.roleTitle')}>
          {roleLabel(user.role)}
        </span>
        <span className={styles.email}>{user.email}</span>
      </header>
      <div className={styles.body}>
        <AdminSidebar
          id={SIDEBAR_ID}
          items={items}
          pathname={pathname}
          expanded={sidebarOpen}
          onExpand={() => dispatch(setSidebarOpen(true))}
          onLogout={() => void onLogout()}
        />
        <main className={styles.main}>{children}</main>
      </div>
    </div>
  );
}
