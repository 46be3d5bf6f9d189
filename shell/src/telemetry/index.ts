// Release telemetry (issue 44): what real browsers report per remote release. Only `remoteSignals`
// (./signals) is on the shell's first load; the client is a lazy chunk.
import { attachSignalSink } from './signals';

export { remoteSignals, type RemoteSignal } from './signals';
export type { TelemetryEvent, TelemetryBody, BrowserFamily, LoadStage, VitalName } from './types';

let starting: Promise<void> | null = null;

/** Loads and starts the client (once): called when the federation runtime started. */
export function startTelemetry(): Promise<void> {
  starting ??= import(/* webpackChunkName: "telemetry" */ './client').then(
    ({ startTelemetryClient }) => attachSignalSink(startTelemetryClient().sink),
    () => {
      // The chunk failed to load: the next start tries again.
      starting = null;
    },
  );
  return starting;
}
