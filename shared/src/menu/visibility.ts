import { adminMenu, backofficeMenus } from './definitions';
import type { AdminMenuItem, MenuContext, MenuItem, MenuPermission } from './types';

const lower = (value: string): string => value.trim().toLowerCase();

/** The role's name from a string or `{ name }`; null when there is none. */
export function roleName(role: MenuContext['role']): string | null {
  const name = typeof role === 'string' ? role : role?.name;
  return typeof name === 'string' && name.trim() !== '' ? name : null;
}

/** `/items` -> `view_items_menu` (SPEC.md 5). */
export function permissionForPath(path: string): string {
  return `view_${path.replace(/^\/+/, '')}_menu`;
}

function roleAllowed(item: MenuItem, role: string | null): boolean {
  if (role === null) return false;
  const wanted = lower(role);
  return item.roles.some((r) => lower(r) === wanted);
}

/** Licence/add-on rule: both listed -> either suffices; one listed -> it must match; none -> pass. */
function entitled(item: MenuItem, license: string | null, addons: readonly string[]): boolean {
  const licenses = item.license ?? [];
  const itemAddons = item.addon ?? [];
  if (licenses.length === 0 && itemAddons.length === 0) return true;
  const userLicense = license ? lower(license) : null;
  const userAddons = new Set(addons.map(lower));
  const licenseOk = userLicense !== null && licenses.some((l) => lower(l) === userLicense);
  const addonOk = itemAddons.some((a) => userAddons.has(lower(a)));
  if (licenses.length > 0 && itemAddons.length > 0) return licenseOk || addonOk;
  return licenses.length > 0 ? licenseOk : addonOk;
}

function permitted(item: MenuItem, descriptions: ReadonlySet<string>): boolean {
  return item.path === undefined || descriptions.has(permissionForPath(item.path));
}

/**
 * The visible part of a back-office menu tree, same shape (DESIGN.md 8): role, licence/add-on and
 * permission rules apply down the tree; a group shows only when at least one child shows.
 */
export function visibleMenu(items: readonly MenuItem[], ctx: MenuContext): MenuItem[] {
  const role = roleName(ctx.role);
  const license = ctx.license ?? null;
  const addons = (ctx.addons ?? []).filter((a): a is string => typeof a === 'string');
  const descriptions = new Set(
    (ctx.permissions ?? []).map((p) => p?.description).filter((d): d is string => typeof d === 'string'),
  );
  const walk = (list: readonly MenuItem[]): MenuItem[] => {
    const out: MenuItem[] = [];
    for (const item of list) {
      if (!roleAllowed(item, role) || !entitled(item, license, addons)) continue;
      if (!permitted(item, descriptions)) continue;
      if (item.subItems) {
        const children = walk(item.subItems);
        if (children.length > 0) out.push({ ...item, subItems: children });
      } else {
        out.push(item);
      }
    }
    return out;
  };
  return walk(items);
}

/** Admin console rule (SPEC.md 5): no permission named, or the user holds it (`id_permission`). */
export function visibleAdminMenu(
  items: readonly AdminMenuItem[],
  permissions: readonly MenuPermission[] | null | undefined,
): AdminMenuItem[] {
  const held = new Set((permissions ?? []).map((p) => String(p?.id_permission)));
  const walk = (list: readonly AdminMenuItem[]): AdminMenuItem[] => {
    const out: AdminMenuItem[] = [];
    for (const item of list) {
      if (item.permission !== undefined && !held.has(item.permission)) continue;
      if (item.subItems) {
        const children = walk(item.subItems);
        if (children.length > 0) out.push({ ...item, subItems: children });
      } else {
        out.push(item);
      }
    }
    return out;
  };
  return walk(items);
}

/** Every path of a tree, depth first, parents before children. */
export function menuPaths(items: readonly (MenuItem | AdminMenuItem)[]): string[] {
  const out: string[] = [];
  const walk = (list: readonly (MenuItem | AdminMenuItem)[]): void => {
    for (const item of list) {
      if (item.path !== undefined) out.push(item.path);
      if (item.subItems) walk(item.subItems);
    }
  };
  walk(items);
  return out;
}

const unique = (values: string[]): string[] => [...new Set(values)];

/** Every `view_{path}_menu` of the back-office main and bottom menus (server permission catalog). */
export function allBackofficePermissionNames(): string[] {
  return unique(menuPaths(backofficeMenus).map(permissionForPath));
}

/** Every permission named by the admin menu. */
export function allAdminPermissionNames(): string[] {
  const out: string[] = [];
  const walk = (list: readonly AdminMenuItem[]): void => {
    for (const item of list) {
      if (item.permission !== undefined) out.push(item.permission);
      if (item.subItems) walk(item.subItems);
    }
  };
  walk(adminMenu);
  return unique(out);
}

/** `/items/?x=1#y` -> `/items`; keeps `/` as is. */
export function normalizeMenuPath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
  return trimmed === '' ? '/' : trimmed;
}

/** Route guard: true iff the path is an entry of the visible back-office menus. */
export function canSeePath(path: string, ctx: MenuContext): boolean {
  return menuPaths(visibleMenu(backofficeMenus, ctx)).includes(normalizeMenuPath(path));
}

/** The back-office entry for a path (any visibility), e.g. to read its `layout` flag. */
export function findMenuItem(path: string, items: readonly MenuItem[] = backofficeMenus): MenuItem | undefined {
  const wanted = normalizeMenuPath(path);
  for (const item of items) {
    if (item.path === wanted) return item;
    const found = item.subItems ? findMenuItem(wanted, item.subItems) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** False for pages flagged `layout: false` (rendered without the sidebar shell). */
export function hasLayout(path: string): boolean {
  return findMenuItem(path)?.layout !== false;
}
