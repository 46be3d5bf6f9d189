// Unit tests of the browser-side packages (Jest + Testing Library, jsdom).
// The server has its own runner (node:test via tsx, see server/package.json): its dependencies are ESM-only.
const project = (dir) => ({
  displayName: dir,
  rootDir: `<rootDir>/${dir}`,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
  setupFilesAfterEnv: ['<rootDir>/../tools/jest/setup.ts'],
  transform: {
    '^.+\\.tsx?$': [
      'ts-jest',
      {
        // isolatedModules in the tsconfig makes ts-jest transpile only; `npm run typecheck` checks types.
        tsconfig: {
          jsx: 'react-jsx',
          module: 'commonjs',
          moduleResolution: 'node10',
          esModuleInterop: true,
          ignoreDeprecations: '6.0',
          isolatedModules: true,
        },
        diagnostics: false,
      },
    ],
  },
  moduleNameMapper: {
    '^@hive/shared$': '<rootDir>/../shared/src/index.ts',
    '^@hive/shared/(.*)$': '<rootDir>/../shared/src/$1',
    '\\.(css)$': '<rootDir>/../tools/jest/style-stub.cjs',
    '\\.(svg|png)$': '<rootDir>/../tools/jest/file-stub.cjs',
  },
});

/** @type {import('jest').Config} */
module.exports = {
  projects: ['shared', 'shell', 'backoffice-remote', 'admin-remote', 'ordering-remote'].map(project),
};
