declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
declare module '*.css';
declare module '*.svg' {
  const url: string;
  export default url;
}
// Build-time aliases of tools/webpack/create-config.cjs (the shell's lazy federation chunk).
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
