export { BareLayout, Layout, PageLoading } from './Layout';
export { Sidebar, MenuList } from './Sidebar';
export { Header } from './Header';
export { UserMenu } from './UserMenu';
export { ancestorGroups, containsPath } from './menuTree';
export { NARROW_QUERY, useMediaQuery } from './useMediaQuery';
