import type { ComponentType } from 'react';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { fetchRemoteMap, type RemoteMap } from './remoteMap';
import { retryPlugin } from './plugins/retryPlugin';
import { errorReportPlugin, type RemoteFailureReporter } from './plugins/errorReportPlugin';

/** What every remote exposes as `./App`. */
export interface RemoteAppModule {
  default: ComponentType;
}

let remoteMap: RemoteMap = {};

/**
 * Reads `/remotes.json` and registers every remote with the federation runtime. The map is read at
 * run time, so a deployment can point a remote elsewhere without rebuilding the shell.
 */
export async function initRemotes(options: {
  report: RemoteFailureReporter;
  url?: string;
  /**
   * Areas this page renders from its own code (a remote running standalone): they are left out, so
   * nothing (e.g. the login page's prefetch) fetches them through the federation.
   */
  local?: readonly string[];
}): Promise<RemoteMap> {
  registerPlugins([retryPlugin(), errorReportPlugin(options.report)]);
  const listed = await fetchRemoteMap(options.url);
  remoteMap = Object.fromEntries(Object.entries(listed).filter(([name]) => !options.local?.includes(name)));
  registerRemotes(Object.entries(remoteMap).map(([name, entry]) => ({ name, entry })));
  return remoteMap;
}

export function isRemoteConfigured(name: string): boolean {
  return name in remoteMap;
}

export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: string,
    cause?: unknown,
  ) {
    super(`The ${remote} area could not be loaded`, { cause });
    this.name = 'RemoteUnavailableError';
  }
}

/** Loads `<name>/App`. `fresh` forgets a previous failed attempt so that a retry really refetches. */
export async function loadRemoteApp(name: string, fresh = false): Promise<RemoteAppModule> {
  const entry = remoteMap[name];
  if (!entry) throw new RemoteUnavailableError(name, new Error('not listed in remotes.json'));
  if (fresh) registerRemotes([{ name, entry }], { force: true });
  try {
    const mod = await loadRemote<RemoteAppModule>(`${name}/App`);
    if (!mod || typeof mod.default !== 'function') throw new Error('./App has no default component');
    return mod;
  } catch (err) {
    throw err instanceof RemoteUnavailableError ? err : new RemoteUnavailableError(name, err);
  }
}

/** Starts fetching a remote before it is needed (e.g. the back-office while the login page shows). */
export function prefetchRemoteApp(name: string): void {
  if (remoteMap[name]) void loadRemote(`${name}/App`).catch(() => undefined);
}

/**
 * Prefetches a remote once the browser is idle (after the current page is interactive), e.g. the
 * back-office while the login page shows, so that sign-in does not wait for its scripts.
 * Returns a cancel function for an effect's cleanup.
 */
export function prefetchRemoteAppWhenIdle(name: string): () => void {
  return whenIdle(() => prefetchRemoteApp(name));
}

/** Runs `work` once the browser is idle (within 3 s at the latest). Returns a cancel function. */
export function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, 200);
  return () => window.clearTimeout(id);
}
