import type { UserDataState } from '@hive/shared/store';
import type { ShellLiveService } from '../live';
import { planNotice } from './planNotice';

/**
 * Staff changed the company's plan (the live stream's company-wide `plan` event): this tab runs the
 * `?planChanged=true` flow in place (`refresh`: the user data fetched again, a new local session),
 * so the sidebar and the route guards follow the new plan without a reload or a sign-out, and the
 * X-Plan-Changed notice goes (the server clears its signal on that fetch; a later response that
 * still carries it shows the notice again). Merchants only (staff have no back-office stream).
 * One refresh at a time: an event during one runs one more after it. Returns the stop.
 */
export function followPlanChanges(
  store: { getState(): { userData: Pick<UserDataState, 'license'> }; subscribe(listener: () => void): () => void },
  live: Pick<ShellLiveService, 'follow'>,
  refresh: () => Promise<unknown>,
): () => void {
  let running = false;
  let again = false;
  const run = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    void refresh()
      .then(() => planNotice.set(false))
      .catch(() => undefined)
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          run();
        }
      });
  };
  let stop: (() => void) | null = null;
  const sync = (): void => {
    // A merchant's user data carries the company's licence; a staff member's carries none.
    const merchant = store.getState().userData.license !== null;
    if (merchant && !stop) stop = live.follow(['plan'], run);
    else if (!merchant && stop) {
      stop();
      stop = null;
    }
  };
  sync();
  const unsubscribe = store.subscribe(sync);
  return () => {
    unsubscribe();
    stop?.();
    stop = null;
  };
}
