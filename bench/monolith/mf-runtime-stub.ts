// The monolith has no federation: the shell's registry still reads /remotes.json and registers the
// remotes, but every area is local (startShell({ localAreas })), so nothing is ever loaded through
// the runtime. This stub stands in for `@module-federation/enhanced/runtime` so the monolith does not
// ship the federation runtime (the bytes it saves are part of what the benchmark measures).
export type ModuleFederationRuntimePlugin = { name: string } & Record<string, unknown>;

export function registerPlugins(_plugins: unknown[]): void {}
export function registerRemotes(_remotes: unknown[], _options?: unknown): void {}
export async function loadRemote<T>(id: string): Promise<T | null> {
  throw new Error(`monolith build: ${id} is not federated`);
}
