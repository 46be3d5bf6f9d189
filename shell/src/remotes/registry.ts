import type { ComponentType } from 'react';
import type { ModuleFederation } from '@module-federation/enhanced/runtime';
import { fetchRemoteMap, type RemoteMap } from './remoteMap';
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
  url?: string;
  /**
   * Areas this page renders from its own code (a remote running standalone): they are left out, so
   * nothing (e.g. the login page's prefetch) fetches them through the federation.
   */
  local?: readonly string[];
}

let options: RemotesOptions = { report: () => undefined };
let remoteMap: RemoteMap = {};
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
    fetchRemoteMap(options.url),
  ]).then(
    ([{ startFederation, providedVersions }, listed]) => {
      provided = providedVersions();
      const mf = startFederation([retryPlugin(), errorReportPlugin(options.report)]);
      remoteMap = Object.fromEntries(Object.entries(listed).filter(([name]) => !isRemoteLocal(name)));
      mf.registerRemotes(Object.entries(remoteMap).map(([name, entry]) => ({ name, entry })));
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
  try {
    const mod = await mf.loadRemote<RemoteAppModule>(`${name}/App`);
    if (!mod || typeof mod.default !== 'function') throw new Error('./App has no default component');
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
    throw new RemoteUnavailableError(name, err);
  }
}

/** Starts fetching a remote before it is needed (e.g. the back-office while the login page shows). */
export function prefetchRemoteApp(name: string): void {
  if (isRemoteLocal(name)) return;
  void federation()
    .then((mf) => (remoteMap[name] ? mf.loadRemote(`${name}/App`) : undefined))
    .catch(() => undefined);
}
