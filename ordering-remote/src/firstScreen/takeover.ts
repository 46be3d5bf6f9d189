import { useLayoutEffect } from 'react';
import { FIRST_SCREEN_ID } from './constants';

/**
 * Removes the server's first screen (src/firstScreen/server.tsx) once `ready`: in a layout effect, so
 * the browser's page replaces it in the same frame (the shell's root is hidden while it is there).
 */
export function useFirstScreenTakeover(ready: boolean): void {
  useLayoutEffect(() => {
    if (ready) document.getElementById(FIRST_SCREEN_ID)?.remove();
  }, [ready]);
}
