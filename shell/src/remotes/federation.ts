// The build-time aliases' types, for every project that compiles this file (the remotes' standalone
// pages include the shell's code but not its env.d.ts); an ambient declaration file cannot be imported.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./federation-modules.d.ts" />
// The shell's Module Federation runtime, in a lazy chunk of its own (`federation`): the shell is a
// plain webpack app (no ModuleFederationPlugin, tools/webpack/create-config.cjs), so the login page
// runs without any federation code. registry.ts imports this module when a remote is first needed
// (a remote's path, or the login page's idle prefetch of the back-office).
//
// What the ModuleFederationPlugin used to do for the shell is done here with the runtime API:
//   - provide the shell's own, already loaded copies of the shared singletons (`lib`, so they count
//     as loaded and `loaded-first` picks them) under the same share keys and versions the plugin
//     used (create-config.cjs `sharedSingletons`, passed in as HIVE_SHELL_SHARED);
//   - publish the runtime-core (`_FEDERATION_RUNTIME_CORE`, the plugin below) and the bundler
//     runtime's functions (`_HIVE_FEDERATION_BUNDLER_RUNTIME`) that a remote's production
//     remoteEntry.js is built to use (`experiments.externalRuntime`), so one runtime serves the page.
import {
  createInstance,
  getInstance,
  type ModuleFederation,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import injectExternalRuntimeCore from '@hive-mf/inject-external-runtime-core';
// Side effect: publishes `_HIVE_FEDERATION_BUNDLER_RUNTIME`.
import '@hive-mf/provide-bundler-runtime';
import * as React from 'react';
import * as ReactJsxRuntime from 'react/jsx-runtime';
import * as ReactDom from 'react-dom';
import * as ReactDomClient from 'react-dom/client';
import * as i18next from 'i18next';
// The facades (the names the apps use), as the plugin shared them: see tools/webpack/*-facade.mjs.
import * as routerFacade from '@hive-facade/react-router-dom';
import * as reduxFacade from '@hive-facade/react-redux';
import * as toolkitFacade from '@hive-facade/reduxjs-toolkit';
import * as i18nextFacade from '@hive-facade/react-i18next';
import * as sharedConfig from '@hive/shared/config';
import * as sharedMenu from '@hive/shared/menu';
import * as sharedStore from '@hive/shared/store';
import * as sharedHttp from '@hive/shared/http';
import * as sharedI18n from '@hive/shared/i18n';
import * as sharedContract from '@hive/shared/shell-contract';
import * as sharedLoader from '@hive/shared/ui/loader';

/** Share key -> version and requiredVersion, from create-config.cjs (one list for every build). */
declare const HIVE_SHELL_SHARED: Record<string, { version: string; requiredVersion: string | false }>;

/**
 * The modules the shell provides: every shared key its own code loads (create-config.cjs
 * `shellProvides`; the `@hive/shared` barrel and `@hive/shared/ui/table` are left to the remotes'
 * own copies, the first one loaded serving every remote).
 */
export const SHELL_PROVIDES: Record<string, unknown> = {
  react: React,
  'react/jsx-runtime': ReactJsxRuntime,
  'react-dom': ReactDom,
  'react-dom/client': ReactDomClient,
  'react-router-dom': routerFacade,
  'react-redux': reduxFacade,
  '@reduxjs/toolkit': toolkitFacade,
  i18next,
  'react-i18next': i18nextFacade,
  '@hive/shared/config': sharedConfig,
  '@hive/shared/menu': sharedMenu,
  '@hive/shared/store': sharedStore,
  '@hive/shared/http': sharedHttp,
  '@hive/shared/i18n': sharedI18n,
  '@hive/shared/shell-contract': sharedContract,
  '@hive/shared/ui/loader': sharedLoader,
};

function sharedConfigOf() {
  const missing = Object.keys(HIVE_SHELL_SHARED).filter((key) => !(key in SHELL_PROVIDES));
  if (missing.length) throw new Error(`The shell provides no module for ${missing.join(', ')}`);
  return Object.fromEntries(
    Object.entries(SHELL_PROVIDES).map(([key, mod]) => {
      const meta = HIVE_SHELL_SHARED[key];
      if (!meta) throw new Error(`${key} is not a shared singleton of tools/webpack/create-config.cjs`);
      return [
        key,
        {
          version: meta.version,
          lib: () => mod,
          shareConfig: { singleton: true, requiredVersion: meta.requiredVersion },
        },
      ];
    }),
  );
}

/** The version of every singleton the shell provides (the contract check compares a remote's needs). */
export function providedVersions(): Record<string, string> {
  return Object.fromEntries(Object.entries(HIVE_SHELL_SHARED).map(([key, meta]) => [key, meta.version]));
}

/**
 * The page's one federation instance. A remote's standalone dev page (its own ModuleFederationPlugin
 * build, with the shell's code inside) already has one, which already shares that build's
 * singletons: it is used as it is. The shell's own build has none and creates it.
 */
export function startFederation(plugins: ModuleFederationRuntimePlugin[]): ModuleFederation {
  const existing = getInstance();
  if (existing) {
    existing.registerPlugins(plugins);
    return existing;
  }
  return createInstance({
    name: 'shell',
    remotes: [],
    shared: sharedConfigOf(),
    // One offline remote must never block the others; the shell's loaded copies win.
    shareStrategy: 'loaded-first',
    plugins: [injectExternalRuntimeCore(), ...plugins],
  });
}
