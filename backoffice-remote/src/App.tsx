import { useEffect } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { BACKOFFICE_DEFAULT_NAMESPACE } from '@hive/shared/config';
import { backofficeBottomMenu, backofficeMainMenu, visibleMenu, type MenuItem } from '@hive/shared/menu';
import { useAppSelector } from '@hive/shared/store';
import { useShell } from '@hive/shared/shell-contract';
import styles from './App.module.css';

/** Leaf entries with a path, in menu order (the frame lists them flat; groups come with the layout). */
function leaves(items: MenuItem[]): MenuItem[] {
  return items.flatMap((item) => (item.subItems ? leaves(item.subItems) : item.path ? [item] : []));
}

/** The back-office frame: reads the shell's store (user, licence, add-ons) and router. */
export default function App() {
  const { i18n } = useShell();
  const { t } = useTranslation(BACKOFFICE_DEFAULT_NAMESPACE);
  const { pathname } = useLocation();
  const user = useAppSelector((s) => s.userData.user);
  const license = useAppSelector((s) => s.userData.license);
  const addons = useAppSelector((s) => s.userData.addons);

  useEffect(() => {
    void i18n.loadNamespaces(BACKOFFICE_DEFAULT_NAMESPACE);
  }, [i18n]);

  const ctx = { role: user?.role ?? null, license: license?.name ?? null, addons, permissions: user?.permissions ?? [] };
  const main = leaves(visibleMenu(backofficeMainMenu, ctx));
  const bottom = leaves(visibleMenu(backofficeBottomMenu, ctx));
  const label = (item: MenuItem) => t(item.name, { defaultValue: item.path ?? item.name });

  return (
    <div className={styles.frame} data-area="backoffice">
      <header className={styles.header}>
        <strong>Hive POS</strong>
        <span className={styles.user} data-testid="backoffice-user">
          {user ? user.email : t('frame.signedOut', { defaultValue: 'Not signed in' })}
        </span>
      </header>
      <div className={styles.body}>
        <aside className={styles.sidebar}>
          <nav aria-label="Main menu">
            <ul>
              {main.map((item) => (
                <li key={item.path}>
                  <NavLink to={item.path!} className={({ isActive }) => (isActive ? styles.active : undefined)}>
                    {label(item)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-label="Bottom menu">
            <ul>
              {bottom.map((item) => (
                <li key={item.path}>
                  <NavLink to={item.path!} className={({ isActive }) => (isActive ? styles.active : undefined)}>
                    {label(item)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </aside>
        <main className={styles.main}>
          <h1 className={styles.title}>{pathname}</h1>
          <p>{t('frame.comingSoon', { defaultValue: 'This page is not available yet.' })}</p>
        </main>
      </div>
    </div>
  );
}
