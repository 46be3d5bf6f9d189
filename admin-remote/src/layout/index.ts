export { AdminLayout } from './AdminLayout';
export { AdminSidebar } from './AdminSidebar';
export type { AdminSidebarProps } from './AdminSidebar';
export { Logo } from './Logo';
export { MenuIcon } from './icons';
export { useSingleAccordion } from './useSingleAccordion';
