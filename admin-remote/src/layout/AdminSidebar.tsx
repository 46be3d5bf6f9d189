import { useId } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ChevronDown } from 'lucide-react';
import { normalizeMenuPath, type AdminMenuItem } from '@hive/shared/menu';
import { MenuIcon } from './icons';
import { useSingleAccordion } from './useSingleAccordion';
import styles from './AdminSidebar.module.css';

export interface AdminSidebarProps {
  /** The visible menu (visibleAdminMenu of the user's permissions). */
  items: readonly AdminMenuItem[];
  pathname: string;
  /** Full sidebar (true) or icon rail (false). */
  expanded: boolean;
  /** A group clicked on the rail opens the sidebar (SPEC.md 2, "forced open"). */
  onExpand: () => void;
  onLogout: () => void;
  id?: string;
}

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ') || undefined;

/**
 * The admin menu (SPEC.md 2): entries are links, groups are `<button aria-expanded>` with one
 * top-level group open at a time (useSingleAccordion), the active entry is the one whose path
 * equals the current path, and the action entries (Logout) sit at the bottom.
 */
export function AdminSidebar({ items, pathname, expanded, onExpand, onLogout, id }: AdminSidebarProps) {
  const { t } = useTranslation('login');
  const current = normalizeMenuPath(pathname);
  const entries = items.filter((item) => item.action === undefined);
  const actions = items.filter((item) => item.action !== undefined);
  const groups = entries.filter((item) => item.subItems).map((item) => item.name);
  const accordion = useSingleAccordion(groups);
  const baseId = useId();

  const label = (item: AdminMenuItem) => t(item.name, { defaultValue: item.path ?? item.name });

  const renderLink = (item: AdminMenuItem, nested = false) => {
    const active = item.path === current;
    return (
      <li key={item.path}>
        <Link
          to={item.path!}
          className={cx(styles.entry, nested && styles.nested, active && styles.active)}
          aria-current={active ? 'page' : undefined}
          title={expanded ? undefined : label(item)}
        >
          <MenuIcon name={item.icon} />
          <span className={styles.text}>{label(item)}</span>
        </Link>
      </li>
    );
  };

  return (
    <nav id={id} aria-label="Admin menu" className={cx(styles.sidebar, !expanded && styles.rail)}>
      <ul className={styles.list}>
        {entries.map((item, index) => {
          if (!item.subItems) return item.path ? renderLink(item) : null;
          const open = accordion.open === item.name;
          const panelId = `${baseId}-group-${index}`;
          return (
            <li key={item.name}>
              <button
                type="button"
                className={cx(styles.entry, styles.group)}
                aria-expanded={open}
                aria-controls={panelId}
                title={expanded ? undefined : label(item)}
                onClick={() => {
                  if (!expanded) {
                    onExpand();
                    accordion.openOnly(item.name);
                  } else {
                    accordion.toggle(item.name);
                  }
                }}
              >
                <MenuIcon name={item.icon} />
                <span className={styles.text}>{label(item)}</span>
                <ChevronDown size={16} aria-hidden="true" className={cx(styles.chevron, open && styles.chevronOpen)} />
              </button>
              {open && expanded && (
                <ul id={panelId} className={styles.list}>
                  {item.subItems.filter((child) => child.path).map((child) => renderLink(child, true))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
      <ul className={cx(styles.list, styles.bottom)}>
        {actions.map((item) => (
          <li key={item.name}>
            <button
              type="button"
              className={styles.entry}
              onClick={onLogout}
              title={expanded ? undefined : label(item)}
            >
              <MenuIcon name={item.icon} />
              <span className={styles.text}>{label(item)}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
