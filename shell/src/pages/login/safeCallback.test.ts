import { safeCallbackPath } from './safeCallback';

describe('safeCallbackPath', () => {
  it('keeps a path of this site with its query and hash', () => {
    expect(safeCallbackPath('/items?page=2#top')).toBe('/items?page=2#top');
    expect(safeCallbackPath('/')).toBe('/');
  });

  it.each([
    ['/\\evil.example', 'a backslash, which browsers read as //'],
    ['/\\/evil.example', 'backslash then slash'],
    ['//evil.example', 'protocol-relative'],
    ['https://evil.example/items', 'absolute URL'],
    ['items', 'not starting with /'],
    ['/it\tems', 'control character'],
    ['/\u0000x', 'NUL'],
    ['', 'empty'],
  ])('refuses %j (%s)', (value) => {
    expect(safeCallbackPath(value)).toBeNull();
  });

  it('refuses null and undefined', () => {
    expect(safeCallbackPath(null)).toBeNull();
    expect(safeCallbackPath(undefined)).toBeNull();
  });
});
