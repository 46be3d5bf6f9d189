import { NavLink, useLocation } from 'react-router-dom';
import { adminMenu, roleLabel, visibleAdminMenu, type AdminMenuItem } from '@hive/shared/menu';
import { useAppSelector } from '@hive/shared/store';
import styles from './App.module.css';

function leaves(items: AdminMenuItem[]): AdminMenuItem[] {
  return items.flatMap((item) => (item.subItems ? leaves(item.subItems) : item.path ? [item] : []));
}

/** The admin console frame: reads the shell's store (staff user, permissions) and router. */
export default function App() {
  const { pathname } = useLocation();
  const user = useAppSelector((s) => s.userData.user);
  const staff = user?.admin ? user : null;
  const entries = staff ? leaves(visibleAdminMenu(adminMenu, staff.permissions)) : [];

  return (
    <div className={styles.frame} data-area="admin">
      <header className={styles.header}>
        <strong>Hive POS</strong>
        <span>Admin console</span>
        {staff && (
          <span className={styles.role} data-testid="admin-role">
            {roleLabel(staff.role)}
          </span>
        )}
      </header>
      <div className={styles.body}>
        <nav aria-label="Admin menu" className={styles.sidebar}>
          <ul>
            {entries.map((item) => (
              <li key={item.path}>
                <NavLink end to={item.path!} className={({ isActive }) => (isActive ? styles.active : undefined)}>
                  {item.path!.replace('/admin/', '')}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main className={styles.main}>
          <h1 className={styles.title}>{pathname}</h1>
          <p>{staff ? staff.email : 'Staff sign-in comes to this page.'}</p>
        </main>
      </div>
    </div>
  );
}
