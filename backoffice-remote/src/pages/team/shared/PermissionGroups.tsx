import type { PermissionNode } from '@hive/shared/menu';
import { CheckboxField } from '@hive/shared/ui';
import { useAreaT } from '../../../i18n';
import styles from './team.module.css';

export interface PermissionGroupsProps {
  /** Both menus as permission trees (grouped like the sidebar). */
  menu: { main: PermissionNode[]; bottom: PermissionNode[] };
  /** Whether a page's box is ticked. */
  checked: (permission: string) => boolean;
  onChange: (permission: string, checked: boolean) => void;
  /** Boxes that cannot change (the admin role's Roles and Permissions; a role the user may not edit). */
  disabled?: (permission: string) => boolean;
  /** A note read with a page's box (e.g. "opens nothing under your plan"). */
  note?: (permission: string) => string | undefined;
}

/**
 * The menu's pages as checkboxes, one fieldset per group (its legend the group's name as in the
 * sidebar), nested like the menu; a page outside any group stands in a group of its own.
 */
export function PermissionGroups({ menu, checked, onChange, disabled, note }: PermissionGroupsProps) {
  const { t } = useAreaT('team');
  const box = (node: PermissionNode) => (
    <CheckboxField
      key={node.permission}
      label={t(node.name, { ns: 'common' })}
      hint={note?.(node.permission!)}
      checked={checked(node.permission!)}
      disabled={disabled?.(node.permission!)}
      onChange={(event) => onChange(node.permission!, event.target.checked)}
    />
  );
  const group = (node: PermissionNode, depth: number) => (
    <fieldset key={node.name} className={depth === 0 ? styles.group : styles.subgroup}>
      <legend className={styles.legend}>{t(node.name, { ns: 'common' })}</legend>
      <div className={styles.boxes}>
        {(node.children ?? []).map((child) => (child.permission ? box(child) : group(child, depth + 1)))}
      </div>
    </fieldset>
  );
  const pages = [...menu.main, ...menu.bottom];
  const loose = pages.filter((node) => node.permission);
  return (
    <div className={styles.groups}>
      {loose.length > 0 && (
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{t('permissionGroups.general')}</legend>
          <div className={styles.boxes}>{loose.map(box)}</div>
        </fieldset>
      )}
      {pages.filter((node) => !node.permission).map((node) => group(node, 0))}
    </div>
  );
}
