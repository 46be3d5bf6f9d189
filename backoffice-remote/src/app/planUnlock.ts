import { backofficeMenus, canSeePath, normalizeMenuPath, type MenuContext, type MenuItem } from '@hive/shared/menu';

/** What would open a page the plan hides: licences that do by themselves, add-ons that do, or both together. */
export interface PlanUnlock {
  licenses: string[];
  addons: string[];
  /** Neither alone suffices: one of `licenses` together with one of `addons`. */
  together: boolean;
}

/** The entry of `path` and the groups above it, root first. */
function chainOf(path: string, items: readonly MenuItem[] = backofficeMenus): MenuItem[] | null {
  for (const item of items) {
    if (item.path === path) return [item];
    const below = item.subItems ? chainOf(path, item.subItems) : null;
    if (below) return [item, ...below];
  }
  return null;
}

const unique = (values: string[]) => [...new Set(values)];

/**
 * Why a page is hidden, when it is the plan: the licences or add-ons (named on the page or its
 * groups) that would show it to this user with their role and permissions as they are, by the
 * same rule as the sidebar (canSeePath). Null when the page shows already, or when no plan would
 * show it (a role or a permission hides it: that is /unauthorized).
 */
export function planUnlocking(path: string, ctx: MenuContext): PlanUnlock | null {
  const wanted = normalizeMenuPath(path);
  if (canSeePath(wanted, ctx)) return null;
  const chain = chainOf(wanted);
  if (!chain) return null;
  const licenses = unique(chain.flatMap((item) => item.license ?? []));
  const addons = unique(chain.flatMap((item) => item.addon ?? []));
  const held = (ctx.addons ?? []).filter((a): a is string => typeof a === 'string');
  const withPlan = (license: string | null | undefined, addon?: string) =>
    canSeePath(wanted, { ...ctx, license, addons: addon ? [...held, addon] : held });
  const alone = {
    licenses: licenses.filter((license) => withPlan(license)),
    addons: addons.filter((addon) => withPlan(ctx.license, addon)),
  };
  if (alone.licenses.length > 0 || alone.addons.length > 0) return { ...alone, together: false };
  const pairs = licenses.flatMap((license) =>
    addons.filter((addon) => withPlan(license, addon)).map((addon) => ({ license, addon })),
  );
  if (pairs.length === 0) return null;
  return { licenses: unique(pairs.map((p) => p.license)), addons: unique(pairs.map((p) => p.addon)), together: true };
}
