// React-free: the server imports this subpath.
export type { AdminMenuItem, MenuAction, MenuContext, MenuItem, MenuPermission } from './types';
export { adminMenu, backofficeBottomMenu, backofficeMainMenu, backofficeMenus, logoutMenuItem } from './definitions';
export {
  allAdminPermissionNames,
  allBackofficePermissionNames,
  canSeePath,
  findMenuItem,
  hasLayout,
  menuPaths,
  normalizeMenuPath,
  permissionForPath,
  roleName,
  visibleAdminMenu,
  visibleMenu,
} from './visibility';
export { roleLabel } from './roleLabel';
export { backofficePermissionTree, permissionTree, reachablePermissions } from './permissions';
export type { PermissionNode } from './permissions';
