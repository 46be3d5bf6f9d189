// Stands in for `@module-federation/webpack-bundler-runtime` in a remote's production build
// (tools/webpack/create-config.cjs, with `experiments.externalRuntime`): the bundler runtime's
// functions come from the shell (provide-bundler-runtime-plugin.mjs), the runtime-core from the
// shell's `_FEDERATION_RUNTIME_CORE` (the `@module-federation/runtime-core` import below is that
// external). Without it the remote carried a second copy of the bundler runtime, of
// `@module-federation/runtime`, `sdk` and `error-codes` (bench:check listed them twice).
// The object has the shape of the package's own default export (dist/index.js), with this build's
// own mutable parts (`instance`, `initOptions`, `S`, `bundlerRuntimeOptions`).
import {
  CurrentGlobal,
  ModuleFederation,
  getGlobalFederationConstructor,
  getRemoteEntry,
  setGlobalFederationInstance,
} from '@module-federation/runtime-core';

/* global HIVE_MF_BUNDLER_RUNTIME_VERSION, FEDERATION_BUILD_IDENTIFIER */
const provided = globalThis._HIVE_FEDERATION_BUNDLER_RUNTIME;
if (!provided || provided.version !== HIVE_MF_BUNDLER_RUNTIME_VERSION) {
  throw new Error(
    `This remote needs the federation bundler runtime ${HIVE_MF_BUNDLER_RUNTIME_VERSION} from its host, ` +
      `which provides ${provided ? provided.version : 'none'}: build the shell and the remotes with the same @module-federation/enhanced.`,
  );
}

// `init` of `@module-federation/runtime` (dist/index.js), for this build: that module keeps the
// first instance it created in a module variable and finds instances by its build's identifier, so
// the shell's copy cannot serve a remote.
const buildId = typeof FEDERATION_BUILD_IDENTIFIER !== 'undefined' ? FEDERATION_BUILD_IDENTIFIER : '';
function findInstance(name, version) {
  return CurrentGlobal.__FEDERATION__.__INSTANCES__.find(
    (i) =>
      (buildId && i.options.id === buildId) ||
      (i.options.name === name && !i.options.version && !version) ||
      (i.options.name === name && version && i.options.version === version),
  );
}
let current = null;
function init(options) {
  const existing = findInstance(options.name, options.version);
  const normalized = { ...options, id: options.id || '' };
  if (existing) {
    existing.initOptions(normalized);
    current ??= existing;
    return existing;
  }
  const Constructor = getGlobalFederationConstructor() || ModuleFederation;
  current = new Constructor({ id: `${normalized.name}@${normalized.version || Date.now()}`, ...normalized });
  setGlobalFederationInstance(current);
  return current;
}

export const runtime = { init, getRemoteEntry, getInstance: () => current };
export const bundlerRuntime = { ...provided.bundlerRuntime, S: {} };
export const attachShareScopeMap = provided.attachShareScopeMap;
export const bundlerRuntimeOptions = {};
export const instance = undefined;
export const initOptions = undefined;

const federation = { runtime, instance, initOptions, bundlerRuntime, attachShareScopeMap, bundlerRuntimeOptions };
export default federation;
