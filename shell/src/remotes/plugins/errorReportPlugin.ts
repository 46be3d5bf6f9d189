import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export type RemoteFailureReporter = (failure: { id: string; lifecycle: string; error: unknown }) => void;

/**
 * Load layer: records why a remote failed to load. It returns nothing, so the load still rejects
 * and the area's error boundary shows its fallback with a retry button.
 */
export function errorReportPlugin(report: RemoteFailureReporter): ModuleFederationRuntimePlugin {
  return {
    name: 'hive-error-report-plugin',
    errorLoadRemote({ id, error, lifecycle }) {
      report({ id, lifecycle, error });
      return undefined;
    },
  };
}
