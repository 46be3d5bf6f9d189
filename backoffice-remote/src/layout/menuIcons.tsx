import {
  BarChart3,
  Boxes,
  CircleDot,
  FileText,
  Gift,
  LayoutDashboard,
  LogOut,
  MonitorSmartphone,
  Settings,
  ShoppingBag,
  Users,
  UsersRound,
  Warehouse,
  type LucideIcon,
} from 'lucide-react';

/** Menu `icon` names (shared/src/menu/definitions.ts) to lucide icons, imported one by one (tree-shaken). */
const ICONS: Record<string, LucideIcon> = {
  overview: LayoutDashboard,
  customers: Users,
  catalog: Boxes,
  offers: Gift,
  sales: FileText,
  inventory: Warehouse,
  team: UsersRound,
  reporting: BarChart3,
  ordering: ShoppingBag,
  devices: MonitorSmartphone,
  settings: Settings,
  logout: LogOut,
};

export function MenuIcon({ name, size = 18 }: { name: string | undefined; size?: number }) {
  const Icon = (name && ICONS[name]) || CircleDot;
  return <Icon size={size} aria-hidden="true" focusable="false" />;
}
