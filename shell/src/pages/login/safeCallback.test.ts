import fc from 'fast-check';
import { safeCallbackPath } from './safeCallback';

describe('safeCallbackPath', () => {
  it.each([
    ['/items?page=2#top', '/items?page=2#top'],
    ['/', '/'],
    ['/ok?x=1#y', '/ok?x=1#y'],
    ['/items/', '/items/'],
    ['/a/./b/../c', '/a/c'],
    ['/caf%C3%A9', '/caf%C3%A9'],
    ['/items%20list', '/items%20list'],
    ['/items/a:b@c', '/items/a:b@c'],
    ['/a/%2e/b/%2E%2E/c', '/a/c'],
    ['/items?next=//evil', '/items?next=//evil'],
  ])('normalises %j to %j', (value, expected) => {
    expect(safeCallbackPath(value)).toBe(expected);
  });

  it.each([
    ['/\\evil.example', 'a backslash, which browsers read as //'],
    ['\\\\evil', 'two backslashes'],
    ['/\\/evil.example', 'backslash then slash'],
    ['/%5cevil.example', 'an encoded backslash'],
    ['/%5C%5Cevil.example', 'encoded backslashes'],
    ['//evil', 'protocol-relative'],
    ['//evil.example', 'protocol-relative'],
    ['https://evil', 'absolute URL'],
    ['https://evil.example/items', 'absolute URL'],
    ['javascript:alert(1)', 'a script URL'],
    ['JaVaScRiPt:alert(1)', 'a script URL'],
    ['data:text/html,<script>alert(1)</script>', 'a data URL'],
    [' /x', 'a leading space'],
    ['items', 'not starting with /'],
    ['/it\tems', 'control character'],
    ['/\u0000x', 'NUL'],
    ['/%00x', 'an encoded NUL'],
    ['/%0a/evil', 'an encoded line feed'],
    ['/x\u0085', 'a C1 control character'],
    ['/%252e%252e//evil', 'encoded twice (a second decoder would read ..)'],
    ['/%E0%A4%A', 'malformed percent-encoding'],
    ['', 'empty'],
    // Climbing above the root or doubling a slash is how a path reaches another host: no page of ours.
    ['/..//evil.example', 'climbs above the root to //evil.example'],
    ['/%2e%2e//evil', 'encoded dots climbing above the root'],
    ['/%2E%2E/%2F/evil', 'an encoded slash doubling one'],
    ['/a/../../..//evil.example/x', 'climbs above the root'],
    ['/.//evil.example', 'a doubled slash after a dot'],
    ['/a//b///c', 'doubled slashes'],
    ['/..?next=//evil', 'climbs above the root'],
  ])('refuses %j (%s)', (value) => {
    expect(safeCallbackPath(value)).toBeNull();
  });

  it('refuses null and undefined', () => {
    expect(safeCallbackPath(null)).toBeNull();
    expect(safeCallbackPath(undefined)).toBeNull();
  });

  it('keeps to the given origin', () => {
    expect(safeCallbackPath('/items/../sales', 'https://pos.example.com')).toBe('/sales');
    expect(safeCallbackPath('/..//evil.example', 'https://pos.example.com')).toBeNull();
  });

  it('answers null or one /-rooted path of this origin, whatever the input (property)', () => {
    const pieces = fc.constantFrom(
      '/',
      '//',
      '.',
      '..',
      '\\',
      '%2e',
      '%2E',
      '%2f',
      '%5c',
      '%25',
      '?',
      '#',
      ':',
      '@',
      'evil.example',
      'a',
      ' ',
      '\t',
      'https:',
      'javascript:',
    );
    // Rooted inputs that start by climbing (`/..`, `/%2e%2e`) are where a second slash slips in.
    const climb = fc.constantFrom('/', '/..', '/.', '/%2e%2e', '/a/..', '/..%2f');
    const input = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.array(pieces, { maxLength: 12 }).map((parts) => parts.join('')),
      fc.tuple(climb, fc.array(pieces, { maxLength: 10 })).map(([start, parts]) => `${start}${parts.join('')}`),
    );
    fc.assert(
      fc.property(input, (value) => {
        const out = safeCallbackPath(value, 'https://pos.example.com');
        if (out === null) return;
        expect(out.startsWith('/')).toBe(true);
        expect(out.startsWith('//')).toBe(false);
        expect(out.startsWith('/\\')).toBe(false);
        expect(new URL(out, 'https://pos.example.com').origin).toBe('https://pos.example.com');
        // Stable: what it answers is its own answer again (nothing left for a second pass to resolve).
        expect(safeCallbackPath(out, 'https://pos.example.com')).toBe(out);
      }),
      { numRuns: 300 },
    );
  });
});
