import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * `id` is `<remote>/<expose>` or, for a manifest that failed (lifecycle `afterResolve`), its URL;
 * `remote` is the remote's name when the runtime knows it.
 */
export type RemoteFailureReporter = (failure: {
  id: string;
  lifecycle: string;
  error: unknown;
  remote?: string;
}) => void;

/**
 * Load layer: records why a remote failed to load. It returns nothing, so the load still rejects
 * and the area's error boundary shows its fallback with a retry button.
 */
export function errorReportPlugin(report: RemoteFailureReporter): ModuleFederationRuntimePlugin {
  return {
    name: 'hive-error-report-plugin',
    errorLoadRemote({ id, error, lifecycle, remote }) {
      report({ id, lifecycle, error, remote: remote?.name });
      return undefined;
    },
  };
}
