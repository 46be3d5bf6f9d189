import { useCallback, useEffect, useMemo, useState, type ComponentType } from 'react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import type { i18n as I18n } from 'i18next';
import type { AxiosInstance } from 'axios';
import { API_PATHS, isLanguage, ROUTES } from '@hive/shared/config';
import { reset, type AppStore } from '@hive/shared/store';
import { ShellProvider, type ShellServices } from '@hive/shared/shell-contract';
import { FullScreenLoader } from '@hive/shared/ui';
import type { AuthClient } from '../auth/authClient';
import { bootSession, type SessionStatus } from '../session';
import { LocalAreasProvider } from '../remotes/localAreas';
import { AppRoutes } from './routes';

export interface ShellRootProps {
  store: AppStore;
  i18n: I18n;
  http: AxiosInstance;
  auth: AuthClient;
  /** Resolves when the store is rehydrated and the remotes are registered. */
  ready: Promise<unknown>;
  /** Areas rendered from local code instead of the federation (a remote running standalone). */
  localAreas?: Record<string, ComponentType>;
}

export function ShellRoot({ store, i18n, http, auth, ready, localAreas = {} }: ShellRootProps) {
  const [status, setStatus] = useState<SessionStatus>('loading');

  const refresh = useCallback(async () => {
    const next = await bootSession({ auth, http, store });
    setStatus(next);
    return next;
  }, [auth, http, store]);

  useEffect(() => {
    let cancelled = false;
    void ready.then(() => bootSession({ auth, http, store })).then((next) => !cancelled && setStatus(next));
    return () => {
      cancelled = true;
    };
  }, [auth, http, store, ready]);

  const services = useMemo<ShellServices>(
    () => ({
      http,
      store,
      i18n,
      session: {
        status,
        expiresAt: null,
        remainingMs: null,
        extend: async () => {
          await auth.extendSession();
        },
        logout: async () => {
          try {
            await auth.signOut();
          } finally {
            store.dispatch(reset());
            setStatus('unauthenticated');
            window.location.assign(ROUTES.landing);
          }
        },
      },
      auth: {
        signIn: async (email: string, password: string) => {
          const result = await auth.signIn(email, password);
          if (result.ok) await refresh();
          return result;
        },
        signOut: () => auth.signOut(),
        getCsrfToken: () => auth.getCsrfToken(),
      },
      changeLanguage: async (lng: string) => {
        if (!isLanguage(lng)) return;
        if (status === 'authenticated') await http.post(API_PATHS.langChange, { lang: lng }).catch(() => undefined);
        await i18n.changeLanguage(lng);
      },
    }),
    [auth, http, i18n, refresh, status, store],
  );

  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <ShellProvider value={services}>
          <LocalAreasProvider value={localAreas}>
            <BrowserRouter>
              {status === 'loading' ? <FullScreenLoader label={i18n.t('shell:loading')} /> : <AppRoutes />}
            </BrowserRouter>
          </LocalAreasProvider>
        </ShellProvider>
      </I18nextProvider>
    </Provider>
  );
}
