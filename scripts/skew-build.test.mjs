// The skew build reuses today's node_modules only when the released commit's build would load
// nothing else (scripts/skew-build.mjs). Run by `npm test` (step `dev`).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lockDifferences, onlyTestTools } from './skew-build.mjs';

const entry = (version, dependencies = {}) => ({ version, resolved: `https://r/${version}.tgz`, dependencies });
const lock = (packages) => ({
  packages: {
    '': { devDependencies: { webpack: '5', jest: '30', 'ts-jest': '29' } },
    'node_modules/webpack': entry('5.1.0', { 'neo-async': '2', acorn: '8' }),
    'node_modules/acorn': entry('8.0.0'),
    'node_modules/jest': entry('30.0.0'),
    'node_modules/ts-jest': entry('29.0.0', { 'make-error': '1', acorn: '8' }),
    'node_modules/make-error': entry('1.0.0'),
    'node_modules/neo-async': entry('2.6.2'),
    ...packages,
  },
});

test('packages at another version or gone are the differences; packages only added are not', () => {
  const old = lock({});
  const today = lock({ 'node_modules/acorn': entry('8.1.0'), 'node_modules/swc': entry('1.0.0') });
  delete today.packages['node_modules/ts-jest'];
  assert.deepEqual([...lockDifferences(old, today)].sort(), ['acorn', 'ts-jest']);
});

test("only test tools and what only they load: the build can use today's node_modules", () => {
  assert.equal(onlyTestTools(lock({}), new Set(['ts-jest', 'make-error'])), true);
});

test('a package the build loads too (directly or through another) is not a test tool', () => {
  const old = lock({});
  assert.equal(onlyTestTools(old, new Set(['ts-jest', 'acorn'])), false, 'acorn: ts-jest and webpack');
  assert.equal(onlyTestTools(old, new Set(['neo-async'])), false, 'neo-async: through webpack');
  assert.equal(onlyTestTools(old, new Set(['webpack'])), false);
});
