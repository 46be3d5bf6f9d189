import { canSeePath } from '@hive/shared/menu';
import { selectMenuContext, useAppSelector } from '@hive/shared/store';

/** Whether the user's menu shows `path` (links to another page are offered only then). */
export function useCanSee(path: string): boolean {
  const ctx = useAppSelector(selectMenuContext);
  return canSeePath(path, ctx);
}
