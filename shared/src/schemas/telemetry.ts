import { z } from 'zod';

/*
 * Telemetry from real browsers (issue 44): the batch the shell sends with `navigator.sendBeacon`
 * to `POST /api/telemetry`, per remote release. No personal data: a release id, a route pattern,
 * the kind of event, a short message and the browser family. The server keeps per-minute
 * aggregates, never the events themselves.
 */

export const TELEMETRY_LIMITS = {
  /** The body, in bytes (413 above it). */
  maxBytes: 16 * 1024,
  maxEvents: 50,
  routeMax: 120,
  /** Messages are cut to this by the client and again by the server (never refused for length). */
  messageMax: 200,
} as const;

export const TELEMETRY_BROWSERS = ['chrome', 'firefox', 'safari', 'edge', 'other'] as const;
export const LOAD_FAILURE_STAGES = ['manifest', 'entry', 'chunk'] as const;
export const ERROR_SOURCES = ['uncaught', 'boundary'] as const;
export const VITAL_NAMES = ['LCP', 'INP', 'CLS'] as const;
export type LoadFailureStage = (typeof LOAD_FAILURE_STAGES)[number];
export type ErrorSource = (typeof ERROR_SOURCES)[number];
export type VitalName = (typeof VITAL_NAMES)[number];

/** Cut to `messageMax` characters; control characters and lone surrogates become spaces (it is stored and shown). */
function cleanMessage(value: string): string {
  return Array.from(value.slice(0, TELEMETRY_LIMITS.messageMax * 2))
    .slice(0, TELEMETRY_LIMITS.messageMax)
    .map((c) => {
      const code = c.charCodeAt(0);
      const control = code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
      const lone = c.length === 1 && code >= 0xd800 && code <= 0xdfff;
      return control || lone ? ' ' : c;
    })
    .join('');
}

const release = z.number().int().positive().max(2_147_483_647);
/** A route pattern (`/ordering/:store`), never a concrete URL with ids or query. */
const route = z
  .string()
  .max(TELEMETRY_LIMITS.routeMax)
  .regex(/^\/[A-Za-z0-9/:_.*-]*$/, 'a route pattern such as /sales/:id')
  .optional();
const message = z.string().transform(cleanMessage).optional();

export const telemetryEventSchema = z.discriminatedUnion('kind', [
  z.object({ release, kind: z.literal('session'), route }),
  z.object({ release, kind: z.literal('load_failure'), stage: z.enum(LOAD_FAILURE_STAGES), route, message }),
  z.object({ release, kind: z.literal('contract_mismatch'), route, message }),
  z.object({
    release,
    kind: z.literal('error'),
    source: z.enum(ERROR_SOURCES),
    first: z.boolean().optional(),
    route,
    message,
  }),
  z.object({
    release,
    kind: z.literal('vital'),
    name: z.enum(VITAL_NAMES),
    // An hour in ms for LCP/INP, far beyond any real page; CLS is a unitless score.
    value: z.number().finite().min(0).max(3_600_000),
    route,
  }),
]);
export type TelemetryEvent = z.infer<typeof telemetryEventSchema>;

export const telemetryBatchSchema = z.object({
  v: z.literal(1),
  browser: z.enum(TELEMETRY_BROWSERS),
  events: z.array(telemetryEventSchema).min(1).max(TELEMETRY_LIMITS.maxEvents),
});
export type TelemetryBatch = z.infer<typeof telemetryBatchSchema>;
