import { normalizeMenuPath, type MenuItem } from '@hive/shared/menu';

/** Names of the groups on the way to `path` (outermost first); empty when no entry has that path. */
export function ancestorGroups(items: readonly MenuItem[], path: string): string[] {
  const wanted = normalizeMenuPath(path);
  const walk = (list: readonly MenuItem[], trail: string[]): string[] | null => {
    for (const item of list) {
      if (item.path === wanted) return trail;
      if (item.subItems) {
        const found = walk(item.subItems, [...trail, item.name]);
        if (found) return found;
      }
    }
    return null;
  };
  return walk(items, []) ?? [];
}

/** True when `item` is, or contains, the entry for `path`. */
export function containsPath(item: MenuItem, path: string): boolean {
  const wanted = normalizeMenuPath(path);
  if (item.path === wanted) return true;
  return item.subItems?.some((child) => containsPath(child, wanted)) ?? false;
}
