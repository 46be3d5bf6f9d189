import type { MenuItem } from '@hive/shared/menu';
import { useAreaT } from '../../../i18n';
import styles from './team.module.css';

/** A menu as nested lists (the names as the sidebar shows them): what a user will see. */
export function MenuPreview({ label, menu }: { label: string; menu: { main: MenuItem[]; bottom: MenuItem[] } }) {
  const { t } = useAreaT('team');
  const list = (items: MenuItem[]) => (
    <ul>
      {items.map((item) => (
        <li key={item.path ?? item.name}>
          {t(item.name, { ns: 'common' })}
          {item.subItems && item.subItems.length > 0 && list(item.subItems)}
        </li>
      ))}
    </ul>
  );
  const items = [...menu.main, ...menu.bottom];
  return (
    <nav className={styles.menuPreview} aria-label={label}>
      {items.length === 0 ? <p className={styles.muted}>{t('permissions.emptyMenu')}</p> : list(items)}
    </nav>
  );
}
