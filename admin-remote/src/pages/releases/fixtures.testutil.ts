import type { AdminReleasesJson, ReleaseHealthJson, ReleaseJson } from '@hive/shared/schemas/releases';

/* Releases of the three remotes as GET /api/admin/releases answers them, for the page's tests. */

const at = (minutes: number) => new Date(Date.UTC(2026, 11, 2, 9, 0) + minutes * 60_000).toISOString();

export function release(overrides: Partial<ReleaseJson> & Pick<ReleaseJson, 'id' | 'version' | 'state'>): ReleaseJson {
  return {
    remote: 'ordering',
    manifestUrl: `https://cdn.example.com/ordering/${overrides.version}/mf-manifest.json`,
    contractRange: '^1.0.0',
    notes: null,
    canary: null,
    registeredBy: { kind: 'token', label: 'ordering-ci' },
    registeredAt: at(-600),
    stateChangedAt: at(-600),
    rollback: null,
    events: [{ action: 'registered', at: at(-600), by: 'token ordering-ci', reason: null }],
    ...overrides,
  };
}

export function health(overrides: Partial<ReleaseHealthJson> = {}): ReleaseHealthJson {
  return {
    window: { from: at(0), to: at(60) },
    sessions: 1200,
    loadFailures: 6,
    loadFailureRate: 0.005,
    errorSessions: 18,
    errorRate: 0.015,
    lcpP75Ms: 1850,
    inpP75Ms: 120,
    clsP75: 0.02,
    series: [0, 15, 30, 45].map((m, i) => ({
      at: at(m),
      sessions: 300,
      loadFailureRate: 0.005,
      errorRate: 0.01 + i * 0.002,
      lcpP75Ms: 1800 + i * 20,
      inpP75Ms: i === 2 ? null : 120,
    })),
    ...overrides,
  };
}

export const orderingActive = release({
  id: 11,
  version: '2026.12.01-aaa111',
  state: 'active',
  registeredBy: { kind: 'user', email: 'dev@hive.test' },
  events: [
    { action: 'registered', at: at(-600), by: 'dev@hive.test', reason: null },
    { action: 'promoted', at: at(-500), by: 'dev@hive.test', reason: 'Checked on staging' },
  ],
});
export const orderingCanary = release({
  id: 12,
  version: '2026.12.02-bbb222',
  state: 'canary',
  canary: { percent: 30, companies: ['cornermarket'] },
  events: [
    { action: 'registered', at: at(-60), by: 'token ordering-ci', reason: null },
    { action: 'canary', at: at(0), by: 'token ordering-ci', reason: null },
  ],
});
export const orderingRetired = release({
  id: 9,
  version: '2026.11.20-ccc333',
  state: 'retired',
  stateChangedAt: at(-500),
});
export const orderingBroken = release({
  id: 10,
  version: '2026.11.28-ddd444',
  state: 'rolled_back',
  rollback: {
    reason: 'load failure rate 12% above the 5% limit',
    automatic: true,
    figures: { sessions: 25, loadFailureRate: 0.12, maxLoadFailure: 0.05, maxErrorRatio: 2 },
  },
  events: [
    { action: 'canary', at: at(-900), by: 'token ordering-ci', reason: null },
    { action: 'rolled_back', at: at(-880), by: 'automatic', reason: 'load failure rate 12% above the 5% limit' },
  ],
});
export const orderingWaiting = release({ id: 13, version: '2026.12.02-eee555', state: 'registered' });

const serverBuild = (id: number, remote: 'backoffice' | 'admin') =>
  release({
    id,
    remote,
    version: 'server-build',
    state: 'active',
    manifestUrl: `/remotes/${remote}/mf-manifest.json`,
    registeredBy: { kind: 'system' },
    events: [{ action: 'registered', at: at(-1000), by: 'system', reason: null }],
  });

export const answer: AdminReleasesJson = {
  remotes: [
    {
      remote: 'ordering',
      active: orderingActive,
      canary: orderingCanary,
      health: {
        active: health(),
        canary: health({ sessions: 400, errorRate: 0.04, loadFailureRate: 0.01, lcpP75Ms: 2100, inpP75Ms: null }),
      },
      releases: [orderingWaiting, orderingCanary, orderingActive, orderingBroken, orderingRetired],
    },
    {
      remote: 'backoffice',
      active: serverBuild(1, 'backoffice'),
      canary: null,
      health: { active: null, canary: null },
      releases: [serverBuild(1, 'backoffice')],
    },
    {
      remote: 'admin',
      active: serverBuild(2, 'admin'),
      canary: null,
      health: { active: null, canary: null },
      releases: [serverBuild(2, 'admin')],
    },
  ],
};

export const emptyAnswer: AdminReleasesJson = {
  remotes: (['backoffice', 'admin', 'ordering'] as const).map((remote) => ({
    remote,
    active: null,
    canary: null,
    health: { active: null, canary: null },
    releases: [],
  })),
};
