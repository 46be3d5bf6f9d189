// The monolith has no federation: every area is local (startShell({ localAreas })), so the shell's
// registry never starts the runtime (remotes/federation.ts, a lazy chunk the monolith never loads).
// This stub stands in for `@module-federation/enhanced/runtime` so that chunk, too, carries no
// federation code (the bytes it saves are part of what the benchmark measures).
export type ModuleFederationRuntimePlugin = { name: string } & Record<string, unknown>;
export type ModuleFederation = never;

export function getInstance(): null {
  return null;
}
export function createInstance(_options: unknown): never {
  throw new Error('monolith build: nothing is federated');
}
export default function injectExternalRuntimeCorePlugin(): ModuleFederationRuntimePlugin {
  return { name: 'monolith-stub' };
}
