import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { telemetryBatchSchema } from '@hive/shared/schemas/telemetry';
import { ConfigError, DEFAULT_RELEASE_SETTINGS, loadEnvConfig, resolveReleaseSettings } from '../../platform/config';
import { aggregateEvents, histogramP75, judgeCanary, vitalBucket, type WindowCounts } from './telemetry';
import { ONCE } from '../../../test/helpers';

/*
 * The pure rules of release telemetry (issue 44): the canary's verdict at every boundary, the
 * Web Vitals histogram and its p75, how a batch becomes rows, and the RELEASE_* settings.
 */

const T = { minSessions: 20, maxLoadFailure: 0.05, maxErrorRatio: 2 };
const counts = (sessions: number, loadFailures = 0, errorSessions = 0): WindowCounts => ({
  sessions,
  loadFailures,
  errorSessions,
});
const NONE = counts(0);

describe('judgeCanary', { skip: ONCE.skip }, () => {
  it('judges nothing below the minimum of sessions: 19 all failing is kept, 20 is rolled back', () => {
    assert.equal(judgeCanary(counts(19, 19, 19), NONE, T).rollBack, false);
    const verdict = judgeCanary(counts(20, 20), NONE, T);
    assert.equal(verdict.rollBack, true);
    assert.equal(verdict.reason, 'load_failures');
    assert.equal(verdict.figures.sessions, 20);
    assert.equal(verdict.figures.loadFailureRate, 1);
    assert.match(verdict.summary ?? '', /100\.0 % of 20 sessions/);
  });

  it('rolls back above the load failure limit, not at it', () => {
    assert.equal(judgeCanary(counts(20, 1), NONE, T).rollBack, false, '1/20 is exactly 5 %');
    assert.equal(judgeCanary(counts(100, 5), NONE, T).rollBack, false, '5/100 is exactly 5 %');
    assert.equal(judgeCanary(counts(1000, 51), NONE, T).rollBack, true, '5.1 %');
    assert.equal(judgeCanary(counts(20, 2), NONE, T).reason, 'load_failures');
  });

  it('rolls back an error rate above the ratio of the active one, not at it', () => {
    const active = counts(100, 0, 5); // 5 %
    assert.equal(judgeCanary(counts(100, 0, 10), active, T).rollBack, false, 'exactly 2x (and 5 points above)');
    const above = judgeCanary(counts(100, 0, 11), active, T);
    assert.equal(above.rollBack, true, '2.2x');
    assert.equal(above.reason, 'error_rate');
    assert.equal(above.figures.errorRate, 0.11);
    assert.equal(above.figures.activeErrorRate, 0.05);
    // Exactly 2x with fractions that are not exact in binary.
    assert.equal(judgeCanary(counts(30, 0, 2), counts(30, 0, 1), T).rollBack, false);
  });

  it('needs at least 2 points above the active error rate: 2 points rolls back, below does not', () => {
    const active = counts(100, 0, 1); // 1 %
    assert.equal(judgeCanary(counts(100, 0, 3), active, T).rollBack, true, '3 %: 3x and exactly 2 points');
    assert.equal(judgeCanary(counts(1000, 0, 29), active, T).rollBack, false, '2.9 %: 2.9x but 1.9 points');
    // A tiny active rate: many times as high and still under 2 points is no reason.
    assert.equal(judgeCanary(counts(1000, 0, 15), counts(1000, 0, 1), T).rollBack, false);
  });

  it('without sessions of the active release, 2 points of errors are enough', () => {
    assert.equal(judgeCanary(counts(100, 0, 1), NONE, T).rollBack, false, '1 %: under 2 points');
    assert.equal(judgeCanary(counts(100, 0, 2), NONE, T).rollBack, true);
    assert.equal(judgeCanary(counts(20, 0, 0), NONE, T).rollBack, false);
  });

  it('follows the thresholds it is given', () => {
    const strict = { minSessions: 5, maxLoadFailure: 0.01, maxErrorRatio: 1.5 };
    assert.equal(judgeCanary(counts(5, 1), NONE, strict).rollBack, true);
    assert.equal(judgeCanary(counts(100, 0, 6), counts(100, 0, 4), strict).rollBack, false, '1.5x exactly');
    assert.equal(judgeCanary(counts(100, 0, 7), counts(100, 0, 4), strict).rollBack, true, '1.75x, 3 points');
  });
});

describe('Web Vitals histogram', { skip: ONCE.skip }, () => {
  it('counts a value in the first bucket at or above it', () => {
    assert.equal(vitalBucket('LCP', 0), 50);
    assert.equal(vitalBucket('LCP', 2500), 2500);
    assert.equal(vitalBucket('LCP', 2500.1), 3000);
    assert.equal(vitalBucket('INP', 199), 200);
    assert.equal(vitalBucket('CLS', 0.1), 100);
    assert.equal(vitalBucket('CLS', 0.11), 150);
    assert.equal(vitalBucket('LCP', 3_000_000), 2_147_483_647);
  });

  it('reads the p75 back as the bound of the bucket that holds it', () => {
    assert.equal(histogramP75('LCP', new Map()), null);
    // 4 values: rank 3 is in the 2500 bucket.
    assert.equal(
      histogramP75(
        'LCP',
        new Map([
          [1000, 2],
          [2500, 1],
          [5000, 1],
        ]),
      ),
      2500,
    );
    // 8 values: rank 6.
    assert.equal(
      histogramP75(
        'INP',
        new Map([
          [100, 5],
          [300, 1],
          [500, 2],
        ]),
      ),
      300,
    );
    assert.equal(
      histogramP75(
        'CLS',
        new Map([
          [50, 3],
          [250, 1],
        ]),
      ),
      0.05,
    );
    assert.equal(histogramP75('LCP', new Map([[2_147_483_647, 4]])), 60_000);
  });
});

describe('a batch as rows', { skip: ONCE.skip }, () => {
  const minute = Date.UTC(2027, 0, 1, 10, 5);

  it('adds events of one key into one row of the minute, with a short sample', () => {
    const rows = aggregateEvents(
      [
        { release: 7, kind: 'error', source: 'uncaught', route: '/sales/:id', message: 'one' },
        { release: 7, kind: 'error', source: 'uncaught', route: '/sales/:id', message: 'two', first: true },
        { release: 7, kind: 'vital', name: 'LCP', value: 1800, route: '/sales/:id' },
        { release: 7, kind: 'vital', name: 'LCP', value: 1700, route: '/sales/:id' },
        { release: 8, kind: 'contract_mismatch', route: '/', message: 'range' },
      ],
      minute + 42_000,
    );
    const find = (metric: string) => rows.find((row) => row.metric === metric);
    assert.deepEqual(find('error.uncaught'), {
      release_id: 7,
      minute,
      route: '/sales/:id',
      metric: 'error.uncaught',
      bucket: 0,
      count: 2,
      sample: 'two',
    });
    assert.equal(find('error_session')?.count, 1);
    assert.equal(find('vital.LCP')?.count, 2);
    assert.equal(find('vital.LCP')?.bucket, 1800);
    assert.equal(find('contract_mismatch')?.release_id, 8);
  });

  it('counts one session, one load failure and one error session per release and batch', () => {
    const rows = aggregateEvents(
      [
        { release: 7, kind: 'session', route: '/' },
        { release: 7, kind: 'session', route: '/x' },
        { release: 7, kind: 'load_failure', stage: 'entry' },
        { release: 7, kind: 'load_failure', stage: 'chunk' },
        { release: 7, kind: 'error', source: 'boundary', first: true },
        { release: 7, kind: 'error', source: 'boundary', first: true },
        { release: 8, kind: 'session' },
      ],
      minute,
    );
    const total = (metric: string, release = 7) =>
      rows
        .filter((row) => row.release_id === release && row.metric.startsWith(metric))
        .reduce((sum, row) => sum + row.count, 0);
    assert.equal(total('session'), 1);
    assert.equal(total('load_failure.'), 1);
    assert.equal(total('error_session'), 1);
    assert.equal(total('error.boundary'), 2);
    assert.equal(total('session', 8), 1);
  });

  it('cuts messages to 200 characters and blanks control characters', () => {
    const batch = telemetryBatchSchema.parse({
      v: 1,
      browser: 'firefox',
      events: [{ release: 1, kind: 'contract_mismatch', message: `a\u0000b${'x'.repeat(500)}` }],
    });
    const message = (batch.events[0] as { message?: string }).message ?? '';
    assert.equal(message.length, 200);
    assert.ok(message.startsWith('a b'));
  });
});

describe('RELEASE_* settings', { skip: ONCE.skip }, () => {
  it('defaults to 20 sessions, 5 %, 2x and 30 days', () => {
    assert.deepEqual(DEFAULT_RELEASE_SETTINGS, {
      minSessions: 20,
      maxLoadFailure: 0.05,
      maxErrorRatio: 2,
      telemetryDays: 30,
    });
    assert.deepEqual(loadEnvConfig({}).releaseSettings, {});
    assert.deepEqual(
      loadEnvConfig({
        RELEASE_MIN_SESSIONS: '50',
        RELEASE_MAX_LOAD_FAILURE: '0.1',
        RELEASE_MAX_ERROR_RATIO: '3',
        RELEASE_TELEMETRY_DAYS: '7',
      }).releaseSettings,
      { minSessions: 50, maxLoadFailure: 0.1, maxErrorRatio: 3, telemetryDays: 7 },
    );
  });

  it('stops the start on a bad value, naming the variable', () => {
    for (const [name, value] of [
      ['RELEASE_MIN_SESSIONS', 'twenty'],
      ['RELEASE_MIN_SESSIONS', '0'],
      ['RELEASE_MIN_SESSIONS', '2.5'],
      ['RELEASE_MAX_LOAD_FAILURE', '5%'],
      ['RELEASE_MAX_LOAD_FAILURE', '5'],
      ['RELEASE_MAX_ERROR_RATIO', '0.5'],
      ['RELEASE_TELEMETRY_DAYS', '-1'],
      ['RELEASE_TELEMETRY_DAYS', '1e9'],
    ] as const) {
      assert.throws(
        () => loadEnvConfig({ [name]: value }),
        (error: unknown) => error instanceof ConfigError && error.message.startsWith(`${name} must be`),
        `${name}=${value}`,
      );
    }
    assert.throws(() => resolveReleaseSettings({ maxErrorRatio: Number.NaN }), /RELEASE_MAX_ERROR_RATIO must be/);
    assert.equal(resolveReleaseSettings({ telemetryDays: 3 }).telemetryDays, 3);
  });
});
