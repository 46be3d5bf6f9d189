import { ownServer, traceparent } from './traceparent';

describe('traceparent', () => {
  it('is a sampled W3C trace context, fresh for every call', () => {
    const seen = new Set(Array.from({ length: 50 }, () => traceparent()));
    expect(seen.size).toBe(50);
    for (const value of seen) expect(value).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
  });

  it('goes to our own server only', () => {
    expect(ownServer('/api/backoffice/items')).toBe(true);
    expect(ownServer('//cdn.example/x')).toBe(false);
    expect(ownServer('https://elsewhere.example/api')).toBe(false);
    expect(ownServer('api/relative')).toBe(false);
  });
});
