import { backofficeMenus, findMenuItem, type MenuItem } from '@hive/shared/menu';
import { ancestorGroups } from '../layout/menuTree';

/** i18n keys of a page's breadcrumb: its groups, then the page (e.g. catalog > items). */
export function breadcrumbKeys(path: string, menus: readonly MenuItem[] = backofficeMenus): string[] {
  const item = findMenuItem(path, menus);
  return item ? [...ancestorGroups(menus, path), item.name] : [];
}

/** The i18n key of a page's title (its menu name). */
export function titleKey(path: string): string {
  return findMenuItem(path)?.name ?? 'common.page';
}
