import { useCallback, useEffect, useRef, useState } from 'react';
import { ACCORDION_SAVE_DEBOUNCE_MS } from '@hive/shared/config';
import { readOpenGroup, toggleGroup, writeOpenGroup } from '../state';

/**
 * One open top-level group at a time, restored from `adminOpenAccordions` and saved there
 * (debounced like every accordion save, SPEC.md 9; a pending save is flushed on unmount so a
 * quick navigation or reload does not lose it).
 */
export function useSingleAccordion(groups: readonly string[]) {
  const key = groups.join('\n');
  const [open, setOpen] = useState<string | null>(() => readOpenGroup(groups));
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; value: string | null } | null>(null);

  const flush = useCallback(() => {
    if (!pending.current) return;
    clearTimeout(pending.current.timer);
    writeOpenGroup(pending.current.value);
    pending.current = null;
  }, []);

  const save = useCallback(
    (value: string | null) => {
      if (pending.current) clearTimeout(pending.current.timer);
      pending.current = { value, timer: setTimeout(flush, ACCORDION_SAVE_DEBOUNCE_MS) };
    },
    [flush],
  );

  // The visible groups can change (permissions loaded later): a saved name that is not one of them is dropped.
  useEffect(() => {
    setOpen((current) => (current !== null && !key.split('\n').includes(current) ? null : current));
  }, [key]);

  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  // The current value lives in a ref as well, so toggling stays a pure state update.
  const openRef = useRef(open);
  openRef.current = open;

  const toggle = useCallback(
    (name: string) => {
      const next = toggleGroup(openRef.current, name);
      openRef.current = next;
      setOpen(next);
      save(next);
    },
    [save],
  );

  /** Opens `name` (closing any other), e.g. when the sidebar is forced open by a group click. */
  const openOnly = useCallback(
    (name: string) => {
      openRef.current = name;
      setOpen(name);
      save(name);
    },
    [save],
  );

  return { open, toggle, openOnly };
}
