// The telemetry client, a lazy chunk (index.ts `startTelemetry`): loaded once the federation runtime
// started, never on the login page's critical path.
import { areaOfPath } from '../remotes/areaOfPath';
import { RemoteIncompatibleError } from '../remotes/contract';
import { remoteRelease, remoteUrls, RemoteUnavailableError } from '../remotes/registry';
import { remoteOfError } from './attribution';
import { browserFamily } from './browser';
import { listenForUncaughtErrors } from './globalErrors';
import { telemetryMessage } from './message';
import { createTelemetryQueue } from './queue';
import { createReleaseRecorder } from './recorder';
import { routePattern } from './routePattern';
import type { RemoteSignal, SignalSink } from './signals';
import { isChunkLoadError, loadFailureStage } from './stage';
import { sendTelemetry } from './transport';
import { startVitals, type VitalsModule } from './vitals';

export interface TelemetryClientOptions {
  win?: Window;
  send?: (json: string) => void;
  releaseOf?: (remote: string) => { id: number } | null;
  urls?: () => Readonly<Record<string, string>>;
  loadVitals?: () => Promise<VitalsModule>;
  idle?: (work: () => void) => () => void;
}

/** The remote a runtime failure names: its `remote`, the `<remote>/App` id, or its manifest URL. */
function remoteOfFailure(remote: string, urls: Readonly<Record<string, string>>): string {
  if (remote in urls) return remote;
  const named = remote.split('/', 1)[0] ?? '';
  if (named in urls) return named;
  return Object.entries(urls).find(([, url]) => url === remote)?.[0] ?? remote;
}

export function startTelemetryClient({
  win = window,
  send = (json) => sendTelemetry(json),
  releaseOf = remoteRelease,
  urls = remoteUrls,
  loadVitals,
  idle,
}: TelemetryClientOptions = {}): { sink: SignalSink; flush(): void; stop(): void } {
  const queue = createTelemetryQueue({ send, browser: browserFamily(win.navigator.userAgent) });
  const recorder = createReleaseRecorder({
    push: queue.push,
    releaseOf,
    route: () => routePattern(win.location.pathname),
  });
  const failed = (remote: string, error: unknown, lifecycle?: string) =>
    recorder.loadFailure(remote, loadFailureStage(error, lifecycle), telemetryMessage(error));

  const stops = [
    queue.listen(win, win.document),
    listenForUncaughtErrors(win, (origin, error) => {
      const remote = remoteOfError(origin, urls(), { base: win.location.href, pathname: win.location.pathname });
      if (!remote) return;
      if (isChunkLoadError(error)) failed(remote, error);
      else recorder.error(remote, 'uncaught', telemetryMessage(error));
    }),
    startVitals(
      (name, value, pathname) => {
        const remote = areaOfPath(pathname);
        if (remote) recorder.vital(remote, name, value, routePattern(pathname));
      },
      { location: win.location, load: loadVitals, idle },
    ),
  ];

  const sink = (signal: RemoteSignal): void => {
    const remote = remoteOfFailure(signal.remote, urls());
    switch (signal.kind) {
      case 'session':
        recorder.session(remote);
        break;
      case 'loadFailure':
        failed(remote, signal.error, signal.lifecycle);
        break;
      case 'contract':
        recorder.contractMismatch(remote, telemetryMessage(signal.reason));
        break;
      case 'boundary':
        // A failed load or a refused contract reached the boundary too: reported as such already.
        if (signal.error instanceof RemoteUnavailableError || signal.error instanceof RemoteIncompatibleError) return;
        if (isChunkLoadError(signal.error)) failed(remote, signal.error);
        else recorder.error(remote, 'boundary', telemetryMessage(signal.error));
        break;
    }
  };
  return {
    sink,
    flush: queue.flush,
    stop: () => stops.forEach((stop) => stop()),
  };
}
