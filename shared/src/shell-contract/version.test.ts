import { majorOfRange, satisfiesRange, SHELL_CONTRACT_VERSION } from './version';

describe('satisfiesRange', () => {
  it.each([
    ['^1.0.0', '1.0.0', true],
    ['^1.0.0', '1.7.3', true],
    ['^1.2.0', '1.1.9', false],
    ['^1.0.0', '2.0.0', false],
    ['^99.0.0', '1.0.0', false],
    ['^0.2.0', '0.2.5', true],
    ['^0.2.0', '0.3.0', false],
    ['~1.2.0', '1.2.9', true],
    ['~1.2.0', '1.3.0', false],
    ['>=1.2.0', '3.0.0', true],
    ['>=1.2.0', '1.1.0', false],
    ['>=1.0.0 <2.0.0', '1.5.0', true],
    ['>=1.0.0 <2.0.0', '2.0.0', false],
    ['1.0.0', '1.0.0', true],
    ['1.0.0', '1.0.1', false],
    ['*', '5.0.0', true],
    ['not a range', '1.0.0', false],
    ['', '1.0.0', false],
  ])('%s with %s: %s', (range, version, expected) => {
    expect(satisfiesRange(range, version)).toBe(expected);
  });

  it('the shell accepts what a remote built today records', () => {
    const [major, minor] = SHELL_CONTRACT_VERSION.split('.');
    expect(satisfiesRange(`^${major}.${minor}.0`, SHELL_CONTRACT_VERSION)).toBe(true);
  });
});

describe('majorOfRange', () => {
  it.each([
    ['^19.2.0', 19],
    ['~26.7.2', 26],
    ['>=7.0.0', 7],
    ['9.2.0', 9],
    ['latest', null],
  ])('%s: %s', (range, major) => expect(majorOfRange(range)).toBe(major));
});
