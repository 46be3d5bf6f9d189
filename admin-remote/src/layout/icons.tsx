import {
  BadgePercent,
  Building2,
  CircleDollarSign,
  CreditCard,
  LayoutGrid,
  LifeBuoy,
  LogOut,
  Rocket,
  Users,
  type LucideIcon,
} from 'lucide-react';

/** Menu icon names (@hive/shared/menu) to components; unknown names get a neutral grid. */
const ICONS: Record<string, LucideIcon> = {
  companies: Building2,
  users: Users,
  coupons: BadgePercent,
  support: LifeBuoy,
  base_prices: CircleDollarSign,
  bee_merchant: CreditCard,
  releases: Rocket,
  logout: LogOut,
};

export function MenuIcon({ name }: { name?: string }) {
  const Icon = (name && ICONS[name]) || LayoutGrid;
  return <Icon size={18} aria-hidden="true" />;
}
