// The document-level base (box sizing, body margin, fonts) goes with the shell wherever it runs: a
// remote's standalone page looks like the real one.
import '../app/base.css';
import { createRoot } from 'react-dom/client';
import { startTransition, type ComponentType } from 'react';
import { SHELL_NAMESPACE } from '@hive/shared/config';
import { createHiveStore, waitForRehydration } from '@hive/shared/store';
import { createI18n } from '@hive/shared/i18n';
import { createSessionSource } from '@hive/shared/shell-contract';
import { createSessionRuntime } from '../session';
import { createLiveService } from '../live';
import { followPlanChanges, watchPlanChanges } from '../plan-notice';
import { createAuthClient } from '../auth/authClient';
import { createLazyHttpClient } from '../http';
import { adoptListing, areaOfPath, configureRemotes, initRemotes, isRemoteLocal, loadedReleases } from '../remotes';
import { remoteSignals, startTelemetry } from '../telemetry';
import { startReleaseWatch } from '../new-version';
import { whenUsable } from './whenUsable';
import { logger } from '../logger';
import { rememberedLanguage } from '../language';
import { ShellRoot } from '../app/ShellRoot';
// The shell's own texts in the default language ship with its code: the login page and the loader
// never wait for a request. Spanish (a user's choice, never detected) loads from /locales when chosen;
// i18next switches once it has arrived.
import shellEn from '../../public/locales/en/shell.json';

export interface StartShellOptions {
  /** A remote running standalone passes its own App here, e.g. `{ backoffice: App }`. */
  localAreas?: Record<string, ComponentType>;
  container?: HTMLElement;
}

/**
 * Boots the shell (DESIGN.md section 3): store rehydration, i18n and the session check run side by
 * side; one failing never blocks the others (`Promise.allSettled`). The federation runtime is not
 * part of boot: it starts with the first remote the page needs (remotes/registry.ts).
 */
export function startShell({ localAreas, container = document.getElementById('root')! }: StartShellOptions = {}) {
  const store = createHiveStore();
  const i18n = createI18n({
    // The user's own earlier choice (a cookie), else English: never detected.
    lng: rememberedLanguage(),
    defaultNS: SHELL_NAMESPACE,
    ns: [SHELL_NAMESPACE],
    resources: { en: { [SHELL_NAMESPACE]: shellEn } },
  });
  // 'initialized' fires once the first namespaces loaded or failed; missing texts never block boot.
  const i18nReady = new Promise<void>((resolve) =>
    i18n.isInitialized ? resolve() : i18n.on('initialized', () => resolve()),
  );
  const session = createSessionSource();
  // axios loads on first use or when the browser is idle: the sign-in page does not need it.
  const http = createLazyHttpClient();
  const auth = createAuthClient();
  // Installs the session headers and the 401/403 handling before any request goes out.
  const runtime = createSessionRuntime({ store, auth, http, sessionSource: session, logger });
  runtime.start();
  // The tab's one live stream: opened after a merchant's sign-in (plan changes) or by a live page,
  // never on the login page.
  const live = createLiveService({ http, session: runtime.service, gate: runtime.gate });
  watchPlanChanges(http);
  // A plan change published live re-reads the user data in place: the `?planChanged=true` flow.
  followPlanChanges(store, live, () => runtime.boot({ search: '?planChanged=true' }));
  // No federation before it is needed: the login page renders from the shell's own code. A path
  // owned by a remote starts the runtime and /remotes.json now, beside the session check.
  // Each remote's release gets what this page saw of it (issue 44): the telemetry client and the
  // new-version watch load once the runtime started, the signals before that are kept for them.
  configureRemotes({
    local: Object.keys(localAreas ?? {}),
    report: ({ id, lifecycle, error, remote }) => {
      logger.error(
        'REMOTE_LOAD_FAILED',
        `${id} (${lifecycle}): ${error instanceof Error ? error.message : String(error)}`,
      );
      remoteSignals.loadFailure(remote ?? id, error, lifecycle);
    },
    reportIncompatible: (remote, reason) => {
      logger.error('REMOTE_INCOMPATIBLE', `${remote}: ${reason}`);
      remoteSignals.contractMismatch(remote, reason);
    },
    onStarted: () => {
      void startTelemetry();
      startReleaseWatch({ loaded: loadedReleases, adopt: adoptListing });
    },
    onLoadStart: remoteSignals.session,
    onLoadFailed: (remote, error) => remoteSignals.loadFailure(remote, error),
  });
  const area = areaOfPath(window.location.pathname);
  if (area && !isRemoteLocal(area)) void initRemotes().catch(() => undefined);
  // A remote's page makes its requests at once: the HTTP client (axios) starts loading now.
  if (area) void http.preload().catch(() => undefined);
  const ready = Promise.allSettled([waitForRehydration(store), i18nReady]);
  // axios: loaded by the first request, or once the user starts typing or the page has settled.
  void ready.then(() => whenUsable(() => void http.preload().catch(() => undefined)));
  const root = createRoot(container);
  // A transition: React renders the first page in slices and yields between them, so a phone's main
  // thread is never blocked for the whole render (index.html already shows the loader meanwhile).
  startTransition(() =>
    root.render(
      <ShellRoot
        store={store}
        i18n={i18n}
        http={http}
        auth={auth}
        runtime={runtime}
        live={live}
        ready={ready}
        localAreas={localAreas}
      />,
    ),
  );
}
