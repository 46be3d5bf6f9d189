// Build-time aliases of tools/webpack/create-config.cjs (the shell's lazy federation chunk, federation.ts),
// referenced from federation.ts so that every project compiling it (the remotes' standalone pages) sees them.
declare module '@hive-mf/inject-external-runtime-core' {
  import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
  export default function injectExternalRuntimeCorePlugin(): ModuleFederationRuntimePlugin;
}
declare module '@hive-mf/provide-bundler-runtime';
declare module '@hive-facade/react-router-dom' {
  export * from 'react-router';
}
declare module '@hive-facade/react-redux' {
  export * from 'react-redux';
}
declare module '@hive-facade/reduxjs-toolkit' {
  export * from '@reduxjs/toolkit';
}
declare module '@hive-facade/react-i18next' {
  export * from 'react-i18next';
}
