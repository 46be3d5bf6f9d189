import { useCallback, useEffect, useMemo, useSyncExternalStore, type ComponentType } from 'react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import type { i18n as I18n } from 'i18next';
import type { AxiosInstance } from 'axios';
import { API_PATHS, isLanguage, ROUTES } from '@hive/shared/config';
import { reset, type AppStore } from '@hive/shared/store';
import { ShellProvider, type SessionSource, type ShellServices } from '@hive/shared/shell-contract';
import { FullScreenLoader } from '@hive/shared/ui';
import type { AuthClient } from '../auth/authClient';
import { bootSession } from '../session';
import { LocalAreasProvider } from '../remotes/localAreas';
import { AppRoutes } from './routes';

export interface ShellRootProps {
  store: AppStore;
  i18n: I18n;
  http: AxiosInstance;
  auth: AuthClient;
  session: SessionSource;
  /** Resolves when the store is rehydrated and the remotes are registered. */
  ready: Promise<unknown>;
  /** Areas rendered from local code instead of the federation (a remote running standalone). */
  localAreas?: Record<string, ComponentType>;
}

export function ShellRoot({ store, i18n, http, auth, session, ready, localAreas = {} }: ShellRootProps) {
  const { status } = useSyncExternalStore(session.subscribe, session.getSnapshot);

  const refresh = useCallback(async () => {
    const next = await bootSession({ auth, http, store });
    session.set({ status: next });
    return next;
  }, [auth, http, store, session]);

  useEffect(() => {
    let cancelled = false;
    void ready.then(() => {
      if (!cancelled) void refresh();
    });
    return () => {
      cancelled = true;
    };
  }, [ready, refresh]);

  const services = useMemo<ShellServices>(
    () => ({
      http,
      store,
      i18n,
      session: {
        getSnapshot: session.getSnapshot,
        subscribe: session.subscribe,
        extend: async () => {
          await auth.extendSession();
        },
        logout: async () => {
          try {
            await auth.signOut();
          } finally {
            store.dispatch(reset());
            session.set({ status: 'unauthenticated', expiresAt: null, remainingMs: null });
            window.location.assign(ROUTES.landing);
          }
        },
      },
      auth: {
        signIn: async (email, password, options) => {
          const result = await auth.signIn(email, password, options);
          if (result.ok) await refresh();
          return result;
        },
        signOut: (options) => auth.signOut(options),
        getCsrfToken: () => auth.getCsrfToken(),
      },
      changeLanguage: async (lng: string) => {
        if (!isLanguage(lng)) return;
        if (session.getSnapshot().status === 'authenticated') await http.post(API_PATHS.langChange, { lang: lng }).catch(() => undefined);
        await i18n.changeLanguage(lng);
      },
    }),
    [auth, http, i18n, refresh, session, store],
  );

  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <ShellProvider services={services}>
          <LocalAreasProvider value={localAreas}>
            <BrowserRouter>
              {status === 'loading' ? <FullScreenLoader text={i18n.t('shell:loading')} /> : <AppRoutes />}
            </BrowserRouter>
          </LocalAreasProvider>
        </ShellProvider>
      </I18nextProvider>
    </Provider>
  );
}
