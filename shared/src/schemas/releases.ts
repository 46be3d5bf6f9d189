/**
 * The release registry's contract (issue 44), shared by the admin console's Releases page and the
 * server (`/api/releases` with a deploy token, `/api/admin/releases` for staff): the bodies' zod
 * schemas (every field message from RELEASE_FIELD_MESSAGES, so the page can translate it by key)
 * and the response shapes. React-free: the server imports it.
 */
import { z } from 'zod';

/** The remotes a team releases on its own (the shell's REMOTE_NAMES). */
export const RELEASE_REMOTES = ['backoffice', 'admin', 'ordering'] as const;
export type ReleaseRemote = (typeof RELEASE_REMOTES)[number];

export const RELEASE_STATES = ['registered', 'canary', 'active', 'rolled_back', 'retired'] as const;
export type ReleaseState = (typeof RELEASE_STATES)[number];

export const RELEASE_ACTIONS = [
  'registered',
  'canary',
  'canary_changed',
  'promoted',
  'rolled_back',
  'retired',
] as const;
export type ReleaseAction = (typeof RELEASE_ACTIONS)[number];

export const RELEASE_LIMITS = {
  versionMax: 64,
  urlMax: 2000,
  notesMax: 2000,
  reasonMax: 500,
  companiesMax: 50,
} as const;

export const RELEASE_FIELD_MESSAGES = {
  remote: `must be one of ${RELEASE_REMOTES.join(', ')}`,
  version: `enter a version label: 1 to ${RELEASE_LIMITS.versionMax} letters, digits, . _ - + or :`,
  manifestUrl: 'enter an absolute http(s) URL or a path starting with / (at most 2000 characters)',
  notes: `must be at most ${RELEASE_LIMITS.notesMax} characters, without control characters`,
  percent: 'enter a whole percentage from 0 to 100',
  companies: `list at most ${RELEASE_LIMITS.companiesMax} company slugs, each at most once`,
  companySlug: 'must be a company slug (lower-case letters, digits and -)',
  reason: `must be at most ${RELEASE_LIMITS.reasonMax} characters, without control characters`,
} as const;
export type ReleaseFieldMessageKey = keyof typeof RELEASE_FIELD_MESSAGES;
const M = RELEASE_FIELD_MESSAGES;

const MESSAGE_KEYS = new Map<string, ReleaseFieldMessageKey>(
  Object.entries(RELEASE_FIELD_MESSAGES).map(([key, text]) => [text, key as ReleaseFieldMessageKey]),
);

/** The key of one of these field messages (for translation), or null for any other text. */
export function releaseMessageKey(message: string | undefined | null): ReleaseFieldMessageKey | null {
  return message ? (MESSAGE_KEYS.get(message) ?? null) : null;
}

// Control characters end up in logs, mails and the admin page (and PostgreSQL refuses NUL).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]/;

/** A manifest URL: an absolute http(s) URL, or a same-origin path (`/remotes/...`, never `//host`). */
export function isManifestUrl(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !value.includes('\\') && !CONTROL.test(value);
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

const optionalText = (max: number, message: string) =>
  z
    .union([z.string({ error: message }), z.null()], message)
    .optional()
    .transform((v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null))
    .refine((v) => v === null || (v.length <= max && !CONTROL.test(v)), message);

export const releaseRemoteSchema = z.enum(RELEASE_REMOTES, M.remote);

/** `POST /api/releases` and `POST /api/admin/releases`. */
export const registerReleaseSchema = z.strictObject({
  remote: releaseRemoteSchema,
  version: z
    .string({ error: M.version })
    .trim()
    .regex(new RegExp(`^[A-Za-z0-9][A-Za-z0-9._+:-]{0,${RELEASE_LIMITS.versionMax - 1}}$`), M.version),
  manifestUrl: z
    .string({ error: M.manifestUrl })
    .trim()
    .max(RELEASE_LIMITS.urlMax, M.manifestUrl)
    .refine(isManifestUrl, M.manifestUrl),
  notes: optionalText(RELEASE_LIMITS.notesMax, M.notes),
});
export type RegisterReleaseBody = z.output<typeof registerReleaseSchema>;

/** `POST .../:id/canary`: a percentage of visitors and/or named companies (always in). */
export const canaryReleaseSchema = z.strictObject({
  percent: z.number({ error: M.percent }).int(M.percent).min(0, M.percent).max(100, M.percent),
  companies: z
    .array(
      z
        .string({ error: M.companySlug })
        .trim()
        .regex(/^[a-z0-9][a-z0-9-]{0,79}$/, M.companySlug),
      M.companies,
    )
    .max(RELEASE_LIMITS.companiesMax, M.companies)
    .refine((list) => new Set(list).size === list.length, M.companies)
    .optional()
    .transform((list) => list ?? []),
});
export type CanaryReleaseBody = z.output<typeof canaryReleaseSchema>;

/** `POST .../:id/promote` and `.../:id/rollback`: an optional reason (recorded in the history). */
export const releaseActionSchema = z
  .strictObject({ reason: optionalText(RELEASE_LIMITS.reasonMax, M.reason) })
  .optional()
  .transform((body) => ({ reason: body?.reason ?? null }));
export type ReleaseActionBody = z.output<typeof releaseActionSchema>;

/** `GET /api/releases?remote=<name>`. */
export const releaseListQuerySchema = z.object({ remote: releaseRemoteSchema });

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

export type ReleaseRegisteredBy =
  { kind: 'user'; email: string } | { kind: 'token'; label: string } | { kind: 'system' };

export interface ReleaseEventJson {
  action: ReleaseAction;
  at: string;
  /** The staff member's e-mail, "token <label>", "automatic" or "system". */
  by: string;
  reason: string | null;
}

export interface ReleaseJson {
  id: number;
  remote: ReleaseRemote;
  version: string;
  manifestUrl: string;
  contractRange: string;
  notes: string | null;
  state: ReleaseState;
  /** While a canary: the share of visitors and the companies always in it. */
  canary: { percent: number; companies: string[] } | null;
  registeredBy: ReleaseRegisteredBy;
  registeredAt: string;
  stateChangedAt: string;
  /** A rolled-back release: why, whether the server did it on its own, and the figures it judged. */
  rollback: { reason: string | null; automatic: boolean; figures: Record<string, number | null> | null } | null;
  events: ReleaseEventJson[];
}

export interface ReleaseHealthPoint {
  /** Start of the bucket. */
  at: string;
  sessions: number;
  loadFailureRate: number;
  errorRate: number;
  lcpP75Ms: number | null;
  inpP75Ms: number | null;
}

export interface ReleaseHealthJson {
  window: { from: string; to: string };
  sessions: number;
  loadFailures: number;
  /** 0..1 */
  loadFailureRate: number;
  errorSessions: number;
  /** 0..1 */
  errorRate: number;
  lcpP75Ms: number | null;
  inpP75Ms: number | null;
  clsP75: number | null;
  series: ReleaseHealthPoint[];
}

/** `GET /api/releases?remote=`: the remote's releases, newest first, each with its health. */
export interface ReleaseListJson {
  releases: (ReleaseJson & { health: ReleaseHealthJson | null })[];
}

/** `GET /api/admin/releases`: per remote, its active and canary releases side by side and the history. */
export interface AdminReleasesJson {
  remotes: {
    remote: ReleaseRemote;
    active: ReleaseJson | null;
    canary: ReleaseJson | null;
    health: { active: ReleaseHealthJson | null; canary: ReleaseHealthJson | null };
    /** Newest first, at most 50. */
    releases: ReleaseJson[];
  }[];
}

/** The errors of the registry's API besides 400 (body) and 401/403 (who). */
export const RELEASE_ERRORS = [
  'manifest_invalid',
  'manifest_unreachable',
  'manifest_too_large',
  'wrong_remote',
  'contract_incompatible',
  'origin_not_allowed',
  'canary_exists',
  'no_previous_release',
  'invalid_state',
  'version_taken',
  'unknown_companies',
] as const;
export type ReleaseError = (typeof RELEASE_ERRORS)[number];
