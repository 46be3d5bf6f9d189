import { TELEMETRY_LIMITS, telemetryBatchSchema } from './telemetry';

const batch = (events: unknown[]) => ({ v: 1, browser: 'safari', events });
const issuePath = (value: unknown) => {
  const result = telemetryBatchSchema.safeParse(value);
  return result.success ? null : result.error.issues[0]!.path.join('.');
};

describe('telemetryBatchSchema', () => {
  it('accepts every kind of event the shell sends', () => {
    const parsed = telemetryBatchSchema.parse(
      batch([
        { release: 12, kind: 'session', route: '/ordering/:store' },
        { release: 12, kind: 'load_failure', stage: 'chunk', route: '/sales/:id', message: 'ChunkLoadError' },
        { release: 12, kind: 'contract_mismatch', route: '/', message: 'needs ^2.0.0' },
        { release: 12, kind: 'error', source: 'boundary', first: true, route: '/items', message: 'x' },
        { release: 12, kind: 'vital', name: 'CLS', value: 0.12, route: '/items' },
      ]),
    );
    expect(parsed.events).toHaveLength(5);
  });

  it('takes route patterns only, up to 120 characters', () => {
    expect(issuePath(batch([{ release: 1, kind: 'session', route: '/sales/:id' }]))).toBeNull();
    expect(issuePath(batch([{ release: 1, kind: 'session', route: '/sales/12?x=1' }]))).toBe('events.0.route');
    expect(issuePath(batch([{ release: 1, kind: 'session', route: 'https://a.test/' }]))).toBe('events.0.route');
    expect(
      issuePath(batch([{ release: 1, kind: 'session', route: `/${'a'.repeat(TELEMETRY_LIMITS.routeMax)}` }])),
    ).toBe('events.0.route');
  });

  it('cuts a message to 200 characters and blanks control characters and lone surrogates', () => {
    const parsed = telemetryBatchSchema.parse(
      batch([{ release: 1, kind: 'contract_mismatch', message: `a\u0000b\ud800c${'é'.repeat(300)}` }]),
    );
    const message = (parsed.events[0] as { message: string }).message;
    expect(message).toHaveLength(TELEMETRY_LIMITS.messageMax);
    expect(message.startsWith('a b c')).toBe(true);
  });

  it('names the field of a bad event', () => {
    expect(issuePath(batch([{ release: 1, kind: 'load_failure', stage: 'boot' }]))).toBe('events.0.stage');
    expect(issuePath(batch([{ release: 1, kind: 'vital', name: 'LCP', value: Number.NaN }]))).toBe('events.0.value');
    expect(issuePath(batch([{ release: 0, kind: 'session' }]))).toBe('events.0.release');
    expect(issuePath({ v: 1, browser: 'chrome', events: [] })).toBe('events');
  });
});
