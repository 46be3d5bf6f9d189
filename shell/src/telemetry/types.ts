/** The body of `POST /api/telemetry` (issue 44's contract); nothing personal, route patterns only. */
export type BrowserFamily = 'chrome' | 'firefox' | 'safari' | 'edge' | 'other';
export type LoadStage = 'manifest' | 'entry' | 'chunk';
export type VitalName = 'LCP' | 'INP' | 'CLS';

export type TelemetryEvent =
  | { release: number; kind: 'session'; route: string }
  | { release: number; kind: 'load_failure'; stage: LoadStage; route: string; message: string }
  | { release: number; kind: 'contract_mismatch'; route: string; message: string }
  | { release: number; kind: 'error'; source: 'uncaught' | 'boundary'; first: boolean; route: string; message: string }
  | { release: number; kind: 'vital'; name: VitalName; value: number; route: string };

export interface TelemetryBody {
  v: 1;
  browser: BrowserFamily;
  events: TelemetryEvent[];
}

export const TELEMETRY_URL = '/api/telemetry';
