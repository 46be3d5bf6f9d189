import { createReleaseRecorder, MAX_ERRORS_PER_RELEASE } from './recorder';
import type { TelemetryEvent } from './types';

function setup(
  releases: Record<string, { id: number } | null> = { backoffice: { id: 12 }, ordering: { id: 30 }, admin: null },
) {
  const events: TelemetryEvent[] = [];
  let route = '/overview';
  const recorder = createReleaseRecorder({
    push: (e) => events.push(e),
    releaseOf: (remote) => releases[remote] ?? null,
    route: () => route,
  });
  return { events, recorder, go: (next: string) => (route = next) };
}

describe('per page load, per release', () => {
  it('one session, when the page first tries to load the release', () => {
    const { events, recorder, go } = setup();
    recorder.session('backoffice');
    go('/sales/:id');
    recorder.session('backoffice');
    recorder.session('ordering');
    expect(events).toEqual([
      { release: 12, kind: 'session', route: '/overview' },
      { release: 30, kind: 'session', route: '/sales/:id' },
    ]);
  });

  it('one load failure (a retry that fails again is the same page load) and one contract mismatch', () => {
    const { events, recorder } = setup();
    recorder.session('backoffice');
    recorder.loadFailure('backoffice', 'manifest', 'Failed to get manifest');
    recorder.loadFailure('backoffice', 'entry', 'again');
    recorder.contractMismatch('backoffice', 'needs ^2');
    recorder.contractMismatch('backoffice', 'needs ^2');
    expect(events.slice(1)).toEqual([
      { release: 12, kind: 'load_failure', stage: 'manifest', route: '/overview', message: 'Failed to get manifest' },
      { release: 12, kind: 'contract_mismatch', route: '/overview', message: 'needs ^2' },
    ]);
  });

  it('first: true on the first error of each release only, and a bounded number of errors', () => {
    const { events, recorder } = setup();
    recorder.session('backoffice');
    recorder.session('ordering');
    for (let i = 0; i < MAX_ERRORS_PER_RELEASE + 5; i += 1) recorder.error('backoffice', 'uncaught', `e${i}`);
    recorder.error('ordering', 'boundary', 'o');
    const errors = events.filter((e) => e.kind === 'error');
    expect(errors.filter((e) => e.release === 12)).toHaveLength(MAX_ERRORS_PER_RELEASE);
    expect(errors.map((e) => [e.release, e.first])).toEqual([
      [12, true],
      ...Array.from({ length: MAX_ERRORS_PER_RELEASE - 1 }, () => [12, false]),
      [30, true],
    ]);
  });

  it('one value per vital, rounded, on the route given', () => {
    const { events, recorder } = setup();
    recorder.session('ordering');
    recorder.vital('ordering', 'LCP', 1234.56789, '/ordering/:store');
    recorder.vital('ordering', 'LCP', 2000, '/ordering/:store');
    recorder.vital('ordering', 'CLS', 0.123456, '/ordering/:store');
    recorder.vital('ordering', 'INP', Number.NaN, '/ordering/:store');
    expect(events.slice(1)).toEqual([
      { release: 30, kind: 'vital', name: 'LCP', value: 1234.568, route: '/ordering/:store' },
      { release: 30, kind: 'vital', name: 'CLS', value: 0.123, route: '/ordering/:store' },
    ]);
  });

  it('nothing for a remote without a known release (a REMOTES_JSON override) or not tried in this page', () => {
    const { events, recorder } = setup();
    recorder.session('admin');
    recorder.error('admin', 'uncaught', 'x');
    recorder.session('nope');
    // The back-office was never tried here: its errors and vitals have no session to count against.
    recorder.error('backoffice', 'uncaught', 'x');
    recorder.loadFailure('backoffice', 'entry', 'x');
    recorder.vital('backoffice', 'LCP', 1, '/overview');
    expect(events).toEqual([]);
  });
});
