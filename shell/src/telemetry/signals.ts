/**
 * What the shell's remote code tells the telemetry. This file is all of the telemetry that sits on
 * the shell's first load: the client itself (./client) loads lazily once the federation started,
 * and the signals that came before it are kept until then.
 */
export type RemoteSignal =
  | { kind: 'session'; remote: string }
  | { kind: 'loadFailure'; remote: string; error: unknown; lifecycle?: string }
  | { kind: 'contract'; remote: string; reason: string }
  | { kind: 'boundary'; remote: string; error: unknown };

export type SignalSink = (signal: RemoteSignal) => void;

const MAX_PENDING = 100;
let sink: SignalSink | null = null;
const pending: RemoteSignal[] = [];

function emit(signal: RemoteSignal): void {
  if (sink) sink(signal);
  else if (pending.length < MAX_PENDING) pending.push(signal);
}

export const remoteSignals = {
  /** The page tries to load a remote. */
  session: (remote: string) => emit({ kind: 'session', remote }),
  loadFailure: (remote: string, error: unknown, lifecycle?: string) =>
    emit({ kind: 'loadFailure', remote, error, lifecycle }),
  contractMismatch: (remote: string, reason: string) => emit({ kind: 'contract', remote, reason }),
  /** The remote's area's error boundary caught something. */
  boundary: (remote: string, error: unknown) => emit({ kind: 'boundary', remote, error }),
};

/** Connects the client; the signals kept so far go to it first. `null` disconnects (tests). */
export function attachSignalSink(next: SignalSink | null): void {
  sink = next;
  if (next) for (const signal of pending.splice(0)) next(signal);
  else pending.length = 0;
}
