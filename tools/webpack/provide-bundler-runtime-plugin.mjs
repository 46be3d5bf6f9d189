// Federation runtime plugin of the shell (tools/webpack/create-config.cjs): publishes the functions
// of `@module-federation/webpack-bundler-runtime` (the glue between webpack's generated code and the
// federation runtime) for the remotes, next to the runtime-core that
// `@module-federation/inject-external-runtime-core-plugin` publishes. A remote's production build
// then carries none of it (external-bundler-runtime.mjs). The functions are stateless: each reads
// its build's state from the `__webpack_require__.federation` it is given.
import { attachShareScopeMap, bundlerRuntime } from '@module-federation/webpack-bundler-runtime';
// Not in the shell's own `bundlerRuntime`: the shell exposes nothing, so its build leaves it out.
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';

/* global HIVE_MF_BUNDLER_RUNTIME_VERSION */
const KEY = '_HIVE_FEDERATION_BUNDLER_RUNTIME';

if (!globalThis[KEY]) {
  globalThis[KEY] = {
    version: HIVE_MF_BUNDLER_RUNTIME_VERSION,
    bundlerRuntime: { ...bundlerRuntime, initContainerEntry },
    attachShareScopeMap,
  };
}

export default function provideBundlerRuntimePlugin() {
  return { name: 'hive-provide-bundler-runtime' };
}
