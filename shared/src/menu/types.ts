import type { BackofficeRole } from '@hive/shared/config';

/** Marker for entries that run an action instead of navigating. */
export type MenuAction = 'logout';

/** One back-office menu entry; a group when it has `subItems`. Rules apply down the tree. */
export interface MenuItem {
  /** i18n key, e.g. 'menu.items'. */
  name: string;
  path?: string;
  roles: BackofficeRole[];
  /** Licence names; see `visibleMenu` for how they combine with `addon`. */
  license?: string[];
  addon?: string[];
  /** Icon name; the UI maps it to a component. */
  icon?: string;
  subItems?: MenuItem[];
  /** `false`: the page renders without the sidebar shell (print views). */
  layout?: false;
  action?: MenuAction;
}

/** One admin-console menu entry: shown when it names no permission or the user holds it. */
export interface AdminMenuItem {
  name: string;
  path?: string;
  roles?: string[];
  /** Permission id (matched against `id_permission`). */
  permission?: string;
  icon?: string;
  subItems?: AdminMenuItem[];
  action?: MenuAction;
}

export interface MenuPermission {
  id_permission: string | number;
  description?: string | null;
}

/** What decides back-office visibility. */
export interface MenuContext {
  role: string | { name?: string | null } | null | undefined;
  license: string | null | undefined;
  addons: readonly string[] | null | undefined;
  permissions: readonly MenuPermission[] | null | undefined;
}
