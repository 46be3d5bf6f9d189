// Unit tests of the browser-side packages (Jest + Testing Library, jsdom).
// The server has its own runner (node:test via tsx, see server/package.json): its dependencies are ESM-only.
const project = (dir, testEnvironment = 'jsdom') => ({
  displayName: dir,
  rootDir: `<rootDir>/${dir}`,
  testEnvironment,
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
  setupFilesAfterEnv: ['<rootDir>/../tools/jest/setup.ts'],
  transform: {
    // Transpile only (swc): `npm run typecheck` checks the types, so a type-checking transform would
    // check them again per test file. swc hoists jest.mock calls above the imports as ts-jest did before it.
    '^.+\\.tsx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: {
    '^@hive/shared$': '<rootDir>/../shared/src/index.ts',
    '^@hive/shared/(.*)$': '<rootDir>/../shared/src/$1',
    '^@hive/register-sdk$': '<rootDir>/../register-sdk/src/index.ts',
    '^@hive/register-sdk/money$': '<rootDir>/../register-sdk/src/money/index.ts',
    '\\.(css)$': '<rootDir>/../tools/jest/style-stub.cjs',
    '\\.(svg|png)$': '<rootDir>/../tools/jest/file-stub.cjs',
  },
});

// The bench's pure checks (budgets): ES modules (.mjs) that swc turns into CommonJS, as Jest runs
// without --experimental-vm-modules; they must not use import.meta.
const bench = {
  displayName: 'bench',
  rootDir: '<rootDir>/bench',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/lib/**/*.test.mjs'],
  transform: {
    '^.+\\.mjs$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
};

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    // The register SDK runs on registers (node, React Native, browsers): no DOM in its tests.
    project('register-sdk', 'node'),
    ...['shared', 'shell', 'backoffice-remote', 'admin-remote', 'ordering-remote'].map((dir) => project(dir)),
    bench,
  ],
};
