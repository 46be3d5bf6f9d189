import type { ComponentType } from 'react';
import type { ModuleFederation } from '@module-federation/enhanced/runtime';
import {
  fetchRemoteListing,
  type RemoteListing,
  type RemoteMap,
  type RemoteRelease,
  type RemoteReleases,
} from './remoteMap';
import { retryPlugin } from './plugins/retryPlugin';
import { errorReportPlugin, type RemoteFailureReporter } from './plugins/errorReportPlugin';
import { SHELL_CONTRACT_VERSION } from '@hive/shared/shell-contract';
import { contractProblem, RemoteIncompatibleError, type RecordedContract } from './contract';

/** What every remote exposes as `./App`. */
export interface RemoteAppModule {
  default: ComponentType;
  /** What the remote's build recorded (absent in a remote built before the contract existed). */
  hiveContract?: RecordedContract;
}

export interface RemotesOptions {
  report: RemoteFailureReporter;
  /** A remote refused before mounting (REMOTE_INCOMPATIBLE): which one and why. */
  reportIncompatible?: (remote: string, reason: string) => void;
  /** Once the runtime started and `/remotes.json` was read (the telemetry and the release watch start). */
  onStarted?: () => void;
  /** The page tries to load a remote (every attempt, the prefetch included). */
  onLoadStart?: (remote: string) => void;
  /** A load of a remote failed, as `loadRemoteApp` saw it (after the runtime plugin's `report`). */
  onLoadFailed?: (remote: string, error: unknown) => void;
  url?: string;
  /**
   * Areas this page renders from its own code (a remote running standalone): they are left out, so
   * nothing (e.g. the login page's prefetch) fetches them through the federation.
   */
  local?: readonly string[];
}

let options: RemotesOptions = { report: () => undefined };
let remoteMap: RemoteMap = {};
/** The release each remote's URL named when the runtime started: the one this tab loads and keeps. */
let releases: RemoteReleases = {};
/** The remotes whose `./App` this tab has loaded (Module Federation cannot unload them). */
const loaded = new Set<string>();
/** The remotes this tab is loading or has loaded: their release is fixed (a failed load frees it). */
const attempted = new Set<string>();
let started: Promise<ModuleFederation> | null = null;
/** The singletons' versions the shell provides, known once the federation chunk loaded. */
let provided: Record<string, string> = {};

/**
 * Records how the remotes will be registered, without starting anything: the login page renders
 * with no federation code at all. The runtime (the lazy `federation` chunk) and `/remotes.json` load
 * on the first `initRemotes()`: a remote's path, or the login page's prefetch once it is idle.
 */
export function configureRemotes(next: RemotesOptions): void {
  options = next;
}

/** True when the page renders `name` from its own code (nothing to load). */
export function isRemoteLocal(name: string): boolean {
  return options.local?.includes(name) ?? false;
}

function federation(): Promise<ModuleFederation> {
  started ??= Promise.all([
    import(/* webpackChunkName: "federation" */ './federation'),
    fetchRemoteListing(options.url),
  ]).then(
    ([{ startFederation, providedVersions }, listed]) => {
      provided = providedVersions();
      const mf = startFederation([retryPlugin(), errorReportPlugin(options.report)]);
      remoteMap = Object.fromEntries(Object.entries(listed.map).filter(([name]) => !isRemoteLocal(name)));
      releases = Object.fromEntries(Object.keys(remoteMap).map((name) => [name, listed.releases[name] ?? null]));
      mf.registerRemotes(Object.entries(remoteMap).map(([name, entry]) => ({ name, entry })));
      options.onStarted?.();
      return mf;
    },
    (err: unknown) => {
      // The runtime's chunk failed to load: the next attempt (the area's "Try again") starts over.
      started = null;
      throw err;
    },
  );
  return started;
}

/**
 * Starts the federation runtime (once), reads `/remotes.json` and registers every remote. The map is
 * read at run time, so a deployment can point a remote elsewhere without rebuilding the shell.
 */
export async function initRemotes(next?: RemotesOptions): Promise<RemoteMap> {
  if (next) configureRemotes(next);
  await federation();
  return remoteMap;
}

export function isRemoteConfigured(name: string): boolean {
  return name in remoteMap;
}

/** The release of `name` this tab loads (null: unknown, e.g. a REMOTES_JSON override or not started). */
export function remoteRelease(name: string): RemoteRelease | null {
  return releases[name] ?? null;
}

/** The manifest (or remoteEntry) URL of every registered remote, as this tab loads them. */
export function remoteUrls(): Readonly<RemoteMap> {
  return remoteMap;
}

/**
 * A newer `/remotes.json` (the new-version watch): a remote this tab has not loaded (nor is loading)
 * takes the URL and release named now, so a later visit to its area, or "Try again" after a failed
 * load, gets the current release rather than one since promoted over or rolled back.
 */
export async function adoptListing(listing: RemoteListing): Promise<void> {
  if (!started) return;
  const mf = await started;
  for (const [name, entry] of Object.entries(listing.map)) {
    if (isRemoteLocal(name) || attempted.has(name)) continue;
    if (remoteMap[name] !== entry) {
      mf.registerRemotes([{ name, entry }], { force: name in remoteMap });
      remoteMap = { ...remoteMap, [name]: entry };
    }
    releases = { ...releases, [name]: listing.releases[name] ?? null };
  }
}

/** The remotes whose `./App` this tab has loaded, with the release each was loaded from. */
export function loadedReleases(): Record<string, RemoteRelease | null> {
  return Object.fromEntries([...loaded].map((name) => [name, remoteRelease(name)]));
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
  const mf = await federation().catch((err: unknown) => {
    throw new RemoteUnavailableError(name, err);
  });
  const entry = remoteMap[name];
  if (!entry) throw new RemoteUnavailableError(name, new Error('not listed in remotes.json'));
  if (fresh) mf.registerRemotes([{ name, entry }], { force: true });
  attempted.add(name);
  options.onLoadStart?.(name);
  try {
    const mod = await mf.loadRemote<RemoteAppModule>(`${name}/App`);
    if (!mod || typeof mod.default !== 'function') throw new Error('./App has no default component');
    loaded.add(name);
    // Before anything renders: a remote that needs another shell contract, or another major of a
    // shared singleton, is refused (the area shows "being updated"), never mounted against the wrong copy.
    const problem = contractProblem(mod.hiveContract, { version: SHELL_CONTRACT_VERSION, shared: provided });
    if (problem) {
      options.reportIncompatible?.(name, problem);
      throw new RemoteIncompatibleError(name, problem);
    }
    return mod;
  } catch (err) {
    if (err instanceof RemoteUnavailableError || err instanceof RemoteIncompatibleError) throw err;
    if (!loaded.has(name)) attempted.delete(name);
    options.onLoadFailed?.(name, err);
    throw new RemoteUnavailableError(name, err);
  }
}

/** Starts fetching a remote before it is needed (e.g. the back-office while the login page shows). */
export function prefetchRemoteApp(name: string): void {
  if (isRemoteLocal(name)) return;
  void federation()
    .then(async (mf) => {
      if (!remoteMap[name]) return;
      attempted.add(name);
      options.onLoadStart?.(name);
      const mod = await mf.loadRemote(`${name}/App`).catch(() => null);
      if (mod) loaded.add(name);
      else attempted.delete(name);
    })
    .catch(() => undefined);
}
