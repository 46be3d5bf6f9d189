import { useEffect, useMemo, useState, useSyncExternalStore, type ComponentType } from 'react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, useLocation, useNavigate } from 'react-router-dom';
import type { i18n as I18n } from 'i18next';
import type { AxiosInstance } from 'axios';
import { API_PATHS, isLanguage } from '@hive/shared/config';
import { selectUser, setUserData, useAppSelector, type AppStore } from '@hive/shared/store';
import { ShellProvider, type LiveService, type ShellServices } from '@hive/shared/shell-contract';
import { FullScreenLoader } from '@hive/shared/ui/loader';
import type { AuthClient } from '../auth/authClient';
import { SessionChrome, type SessionRuntime } from '../session';
import { LocalAreasProvider } from '../remotes/localAreas';
import { areaOfPath, hasSessionHandling } from '../remotes/areaOfPath';
import { rememberLanguage } from '../language';
import { AppRoutes } from './routes';
import { NoticeStack } from './NoticeStack';

export interface ShellRootProps {
  store: AppStore;
  i18n: I18n;
  http: AxiosInstance;
  auth: AuthClient;
  runtime: SessionRuntime;
  /** The tab's live stream (src/live). */
  live?: LiveService;
  /** Resolves when the store is rehydrated and the remotes are registered. */
  ready: Promise<unknown>;
  /** Areas rendered from local code instead of the federation (a remote running standalone). */
  localAreas?: Record<string, ComponentType>;
}

/** Lets the session runtime (no React) navigate with the router instead of reloading the page. */
function NavigateBridge({ runtime }: { runtime: SessionRuntime }) {
  const navigate = useNavigate();
  useEffect(() => runtime.setNavigate((path) => navigate(path)), [navigate, runtime]);
  return null;
}

/** The UI language follows the user's stored choice (never detection). */
function UserLanguage({ i18n }: { i18n: I18n }) {
  const language = useAppSelector(selectUser)?.language;
  useEffect(() => {
    if (!isLanguage(language)) return;
    rememberLanguage(language);
    if (language !== i18n.language) void i18n.changeLanguage(language);
  }, [i18n, language]);
  return null;
}

/**
 * The routes once the session check is done; but the pages without session handling (SPEC.md 1)
 * do not wait for it: the public storefront renders at once (a customer's phone should not wait for
 * a check whose answer the page does not use), the authentication pages once their texts are there.
 */
function Pages({ loading, ready, loaderText }: { loading: boolean; ready: boolean; loaderText: string }) {
  const { pathname } = useLocation();
  const waiting = hasSessionHandling(pathname) ? loading : !ready && areaOfPath(pathname) !== 'ordering';
  if (waiting) return <FullScreenLoader text={loaderText} />;
  return <AppRoutes />;
}

export function ShellRoot({ store, i18n, http, auth, runtime, live, ready, localAreas = {} }: ShellRootProps) {
  const { status } = useSyncExternalStore(runtime.service.subscribe, runtime.service.getSnapshot);

  const [isReady, setReady] = useState(false);

  useEffect(() => {
    let cancelled = false;
    void ready.then(() => {
      if (cancelled) return;
      setReady(true);
      // On the storefront and the authentication pages the boot only becomes due: it runs on the
      // tab's first page with session handling (SPEC.md 1; flows/boot.ts), or at a sign-in.
      void runtime.boot({ search: window.location.search });
    });
    return () => {
      cancelled = true;
    };
  }, [ready, runtime]);

  const services = useMemo<ShellServices>(
    () => ({
      http,
      store,
      i18n,
      session: runtime.service,
      live,
      auth: {
        signIn: async (email, password, options) => {
          // SPEC.md 4: a forced full cleanup happens before a fresh login.
          runtime.cleanupBeforeSignIn();
          const result = await auth.signIn(email, password, options);
          if (result.ok) {
            runtime.forgetPendingSignOut();
            await runtime.boot({ afterSignIn: true });
          }
          return result;
        },
        signOut: async (options) => {
          await auth.signOut(options);
          runtime.onSignedOut();
        },
        getCsrfToken: () => auth.getCsrfToken(),
      },
      changeLanguage: async (lng: string) => {
        if (!isLanguage(lng)) return;
        if (runtime.service.getSnapshot().status === 'authenticated') {
          const saved = await http.post(API_PATHS.langChange, { lang: lng }).then(
            () => true,
            () => false,
          );
          // The stored user (persisted in `primary`) carries the language too: without this, the
          // next load would put the old one back over the choice just made.
          const { user, license, addons } = store.getState().userData;
          if (saved && user) store.dispatch(setUserData({ user: { ...user, language: lng }, license, addons }));
        }
        rememberLanguage(lng);
        await i18n.changeLanguage(lng);
      },
    }),
    [auth, http, i18n, live, runtime, store],
  );

  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <ShellProvider services={services}>
          <LocalAreasProvider value={localAreas}>
            <BrowserRouter>
              <NavigateBridge runtime={runtime} />
              <UserLanguage i18n={i18n} />
              <Pages loading={status === 'loading'} ready={isReady} loaderText={i18n.t('shell:loading')} />
              <NoticeStack />
              <SessionChrome runtime={runtime} />
            </BrowserRouter>
          </LocalAreasProvider>
        </ShellProvider>
      </I18nextProvider>
    </Provider>
  );
}
