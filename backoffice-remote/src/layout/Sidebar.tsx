import { useId } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ChevronDown } from 'lucide-react';
import { BACKOFFICE_DEFAULT_NAMESPACE } from '@hive/shared/config';
import type { MenuItem } from '@hive/shared/menu';
import { useSession } from '@hive/shared/shell-contract';
import { useAppDispatch, useAppSelector } from '@hive/shared/store';
import { forceOpenGroup, selectOpenGroupMap, toggleGroup } from '../state';
import { MenuIcon } from './menuIcons';
import { containsPath } from './menuTree';
import styles from './Layout.module.css';

interface EntryProps {
  item: MenuItem;
  depth: number;
  /** The desktop icon rail: labels hidden, groups closed. */
  collapsed: boolean;
}

function GroupEntry({ item, depth, collapsed }: EntryProps) {
  const { t } = useTranslation(BACKOFFICE_DEFAULT_NAMESPACE);
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const listId = useId();
  const openGroupMap = useAppSelector(selectOpenGroupMap);
  const open = !collapsed && Boolean(openGroupMap[item.name]);
  const label = t(item.name);
  const active = containsPath(item, pathname);
  return (
    <>
      <button
        type="button"
        className={[styles.entry, styles.group, active && styles.hasActive].filter(Boolean).join(' ')}
        aria-expanded={open}
        aria-controls={listId}
        title={collapsed ? label : undefined}
        // Clicking a group of the closed rail opens the sidebar with that group open (forced open).
        onClick={() => dispatch(collapsed ? forceOpenGroup(item.name) : toggleGroup(item.name))}
      >
        {depth === 0 && <MenuIcon name={item.icon} />}
        <span className={styles.label}>{label}</span>
        <ChevronDown
          className={[styles.chevron, open && styles.chevronOpen].filter(Boolean).join(' ')}
          size={16}
          aria-hidden="true"
        />
      </button>
      <div id={listId} hidden={!open}>
        <MenuList items={item.subItems ?? []} depth={depth + 1} collapsed={collapsed} />
      </div>
    </>
  );
}

function LogoutEntry({ item, depth, collapsed }: EntryProps) {
  const { t } = useTranslation(BACKOFFICE_DEFAULT_NAMESPACE);
  const { logout } = useSession();
  const label = t(item.name);
  return (
    <button type="button" className={styles.entry} title={collapsed ? label : undefined} onClick={() => void logout()}>
      {depth === 0 && <MenuIcon name={item.icon} />}
      <span className={styles.label}>{label}</span>
    </button>
  );
}

function LinkEntry({ item, depth, collapsed }: EntryProps) {
  const { t } = useTranslation(BACKOFFICE_DEFAULT_NAMESPACE);
  const label = t(item.name);
  return (
    <NavLink
      to={item.path!}
      end
      caseSensitive
      title={collapsed ? label : undefined}
      // NavLink sets aria-current="page" on the active entry; the class highlights it.
      className={({ isActive }) => [styles.entry, isActive && styles.active].filter(Boolean).join(' ')}
    >
      {depth === 0 && <MenuIcon name={item.icon} />}
      <span className={styles.label}>{label}</span>
    </NavLink>
  );
}

export function MenuList({
  items,
  depth = 0,
  collapsed,
}: {
  items: readonly MenuItem[];
  depth?: number;
  collapsed: boolean;
}) {
  return (
    <ul className={depth === 0 ? styles.menu : styles.subMenu}>
      {items.map((item) => {
        const props = { item, depth, collapsed };
        return (
          <li key={item.path ?? item.name}>
            {item.subItems ? (
              <GroupEntry {...props} />
            ) : item.action === 'logout' ? (
              <LogoutEntry {...props} />
            ) : item.path ? (
              <LinkEntry {...props} />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

export interface SidebarProps {
  id: string;
  main: readonly MenuItem[];
  bottom: readonly MenuItem[];
  collapsed: boolean;
  /** Narrow screens: shown as a drawer over the page. */
  drawer: boolean;
  drawerOpen: boolean;
}

export function Sidebar({ id, main, bottom, collapsed, drawer, drawerOpen }: SidebarProps) {
  const { t } = useTranslation(BACKOFFICE_DEFAULT_NAMESPACE);
  return (
    <aside
      id={id}
      className={[
        styles.sidebar,
        collapsed && styles.collapsed,
        drawer && styles.drawer,
        drawer && drawerOpen && styles.drawerOpen,
      ]
        .filter(Boolean)
        .join(' ')}
      data-state={drawer ? (drawerOpen ? 'drawer-open' : 'drawer-closed') : collapsed ? 'closed' : 'open'}
    >
      <nav aria-label={t('layout.mainMenu')} className={styles.mainNav}>
        <MenuList items={main} collapsed={collapsed} />
      </nav>
      <nav aria-label={t('layout.bottomMenu')} className={styles.bottomNav}>
        <MenuList items={bottom} collapsed={collapsed} />
      </nav>
    </aside>
  );
}
