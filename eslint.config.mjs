import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// The apps import @hive/shared by subpath: each subpath is its own shared singleton.
const SHARED_BARREL = {
  name: '@hive/shared',
  message: 'Import a subpath (@hive/shared/config, ...): the barrel is for the server.',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/coverage/**',
      '.test-results/**',
      '**/test-results/**',
      'data/**',
      // tsc -b's declarations and build info (npm run typecheck).
      '**/.tsbuild/**',
      '**/.test-bundle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['**/*.{cjs,mjs,js}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The register SDK is published on its own: it imports nothing but its own files (no workspace
    // package, no library), and runs on node, browsers and React Native alike.
    files: ['register-sdk/src/**'],
    ignores: ['register-sdk/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^[^.]', message: 'The register SDK has no dependencies: import its own files only.' }] },
      ],
    },
  },
  {
    // Imports flow one way (docs/ARCHITECTURE.md): shared imports no workspace package, remotes never
    // import the shell (except their standalone bootstrap), the server never imports React code.
    files: ['shared/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['shell', 'shell/*', 'server', 'server/*', '*-remote', '*-remote/*'],
              message: 'shared imports no workspace package.',
            },
            // Each subpath is its own federation singleton: a relative import of a sibling subpath
            // would bundle a second copy of it into this subpath's shared chunk.
            { group: ['../*'], message: 'Import a sibling subpath by package name (@hive/shared/config, ...).' },
          ],
        },
      ],
    },
  },
  {
    files: ['backoffice-remote/src/**', 'admin-remote/src/**', 'ordering-remote/src/**'],
    ignores: ['*/src/bootstrap.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [SHARED_BARREL],
          patterns: ['shell', 'shell/*', '*-remote', '*-remote/*', '../../shell/*'],
        },
      ],
    },
  },
  {
    // A value import of axios bundles a second axios into the remote; the shell's client is the one in use.
    files: ['backoffice-remote/src/**', 'admin-remote/src/**', 'ordering-remote/src/**'],
    ignores: ['**/testing/**', '**/test/**', '**/*.test.*', '**/*.testutil.*'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'axios', allowTypeImports: true, message: 'Use isCancel / isAxiosError from @hive/shared/http.' },
          ],
        },
      ],
    },
  },
  {
    files: ['shell/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [SHARED_BARREL],
        },
      ],
    },
  },
  {
    // The simulator is a register: it reaches the server over HTTP only.
    files: ['simulator/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react', '@hive/shared'],
          patterns: [
            {
              group: ['server', 'server/*', '**/server/**', 'shell', 'shell/*', '*-remote', '*-remote/*'],
              message: 'The simulator talks to the server over HTTP only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            'react',
            'react-dom',
            '@hive/shared',
            '@hive/shared/store',
            '@hive/shared/ui',
            '@hive/shared/shell-contract',
            '@hive/shared/i18n',
          ],
        },
      ],
    },
  },
);
