import type { BackofficeRole } from '@hive/shared/config';
import { backofficeBottomMenu, backofficeMainMenu, backofficeMenus } from './definitions';
import type { MenuContext, MenuItem } from './types';
import { allBackofficePermissionNames, menuPaths, permissionForPath, visibleMenu } from './visibility';

/**
 * The back-office menu seen as permissions, for the Team pages (/roles and /permissions): the same
 * groups in the same order, each page with the `view_{path}_menu` permission that shows it. Built
 * from the menu definitions, so a page added to the menu appears in the matrix the same day.
 */
export interface PermissionNode {
  /** The menu's i18n key: 'menu.items' for a page, 'menu.catalog' for a group. */
  name: string;
  /** A page's path; absent on a group. */
  path?: string;
  /** A page's permission (`view_items_menu`); absent on a group. */
  permission?: string;
  /**
   * The roles the menu can show this entry to, whatever their permissions (the role rule applies
   * down the tree: a child is never shown to a role its group is not shown to).
   */
  roles: BackofficeRole[];
  /** The entry's own licence and add-on rule, as in the menu (its group's rule applies too). */
  license?: string[];
  addon?: string[];
  children?: PermissionNode[];
}

function toNodes(items: readonly MenuItem[], parentRoles: readonly BackofficeRole[] | null): PermissionNode[] {
  const out: PermissionNode[] = [];
  for (const item of items) {
    if (item.path === undefined && item.subItems === undefined) continue; // logout: no permission
    const roles = item.roles.filter((r) => parentRoles === null || parentRoles.includes(r));
    const node: PermissionNode = { name: item.name, roles };
    if (item.path !== undefined) {
      node.path = item.path;
      node.permission = permissionForPath(item.path);
    }
    if (item.license?.length) node.license = [...item.license];
    if (item.addon?.length) node.addon = [...item.addon];
    if (item.subItems) {
      const children = toNodes(item.subItems, roles);
      if (children.length === 0) continue;
      node.children = children;
    }
    out.push(node);
  }
  return out;
}

/** The permission tree of one menu (main or bottom), grouped as the menu groups its pages. */
export function permissionTree(items: readonly MenuItem[]): PermissionNode[] {
  return toNodes(items, null);
}

/** Both back-office menus as permission trees: what the roles matrix and the overrides page show. */
export function backofficePermissionTree(): { main: PermissionNode[]; bottom: PermissionNode[] } {
  return { main: permissionTree(backofficeMainMenu), bottom: permissionTree(backofficeBottomMenu) };
}

/**
 * The permissions that can make a difference for `role` under a licence and add-ons: the pages the
 * menu would show that role if it held every permission. A permission outside this set is kept
 * and shown, but opens nothing (a manager's `view_overview_menu`, Inventory without the add-on).
 */
export function reachablePermissions(ctx: Pick<MenuContext, 'role' | 'license' | 'addons'>): string[] {
  const everything = allBackofficePermissionNames().map((name) => ({ id_permission: name, description: name }));
  const visible = visibleMenu(backofficeMenus, { ...ctx, permissions: everything });
  return [...new Set(menuPaths(visible).map(permissionForPath))];
}
