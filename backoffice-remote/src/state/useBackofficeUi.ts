import { useEffect, useLayoutEffect } from 'react';
import { injectSlice, useAppSelector, useAppStore } from '@hive/shared/store';
import { startUiPersistence } from './persistence';
import { backofficeUiSlice, selectSavedUi } from './uiSlice';

/**
 * Injects the UI slice into the shell's store (its lazy initial state restores what was saved) and
 * saves changes, debounced, while the back-office is mounted. Returns true once the slice is in.
 * The injection dispatches, so it runs in a layout effect (never during render), before paint.
 */
export function useBackofficeUi(): boolean {
  const store = useAppStore();
  const injected = useAppSelector((state) => state.backofficeUi !== undefined);
  useLayoutEffect(() => {
    injectSlice(backofficeUiSlice, store);
  }, [store]);
  useEffect(() => startUiPersistence(store, { select: selectSavedUi }), [store]);
  return injected;
}
