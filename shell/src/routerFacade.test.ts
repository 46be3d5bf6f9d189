import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

// The federated builds share tools/webpack/react-router-dom-facade.mjs under the `react-router-dom`
// key, and the like for a few more packages (tools/webpack/create-config.cjs): each must export every
// name the apps import.
const repo = path.resolve(__dirname, '../..');
const APP_SOURCES = ['shell/src', 'backoffice-remote/src', 'admin-remote/src', 'ordering-remote/src', 'shared/src'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    // Tests and their helpers run in Jest against the real package, never through the facade.
    if (statSync(full).isDirectory()) return name === 'testing' || name === 'test' ? [] : sourceFiles(full);
    // A remote's server build (tools/webpack/server-build-plugin.cjs: ordering-remote's
    // src/firstScreen/server.tsx) is bundled for Node with the real packages, never federated.
    if (full.endsWith(path.join('src', 'firstScreen', 'server.tsx'))) return [];
    return /\.tsx?$/.test(name) && !/\.(test|testutil)\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The ES module files of the libraries the apps depend on (they go through the facades too). */
function dependencyFiles(): string[] {
  const deps = new Set<string>();
  for (const dir of ['shell', 'backoffice-remote', 'admin-remote', 'ordering-remote', 'shared']) {
    const pkg = JSON.parse(readFileSync(path.join(repo, dir, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    Object.keys(pkg.dependencies ?? {}).forEach((d) => deps.add(d));
  }
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules') continue;
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.m?js$/.test(name)) files.push(full);
    }
  };
  for (const d of deps) {
    const dir = path.join(repo, 'node_modules', d);
    if (d.startsWith('@hive/') || !statSync(dir, { throwIfNoEntry: false })?.isDirectory()) continue;
    walk(dir);
  }
  return files;
}
// Entry points no app imports (RTK Query, @reduxjs/toolkit/react): never bundled.
const UNUSED_ENTRIES = ['@reduxjs/toolkit/dist/query/', '@reduxjs/toolkit/dist/react/'].map((p) =>
  path.join(repo, 'node_modules', p),
);
const DEPENDENCY_FILES = dependencyFiles().filter((f) => !UNUSED_ENTRIES.some((p) => f.startsWith(p)));

/** Value names imported from `pkg` anywhere in the apps' sources (type-only imports excluded). */
function importedNames(pkg: string): Set<string> {
  const names = new Set<string>();
  const re = new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s+from\\s+'${pkg.replace(/[/.]/g, '\\$&')}'`, 'g');
  for (const dir of APP_SOURCES)
    for (const file of sourceFiles(path.join(repo, dir))) {
      const text = readFileSync(file, 'utf8');
      expect(text).not.toMatch(new RegExp(`import\\s+(\\*\\s+as\\s+)?\\w+\\s+from\\s+'${pkg}'`));
      collect(text);
    }
  // Libraries the apps bundle may import the package as well (recharts imports @reduxjs/toolkit).
  const quoted = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${pkg.replace(/[/.]/g, '\\$&')}["']`, 'g');
  const own = path.join(repo, 'node_modules', pkg) + path.sep;
  for (const file of DEPENDENCY_FILES) {
    if (file.startsWith(own)) continue;
    const text = readFileSync(file, 'utf8');
    if (!text.includes(pkg)) continue;
    for (const m of text.matchAll(quoted)) add(m[1]);
  }
  return names;

  function add(list: string) {
    for (const part of list.split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0];
      if (/^[A-Za-z_$][\w$]*$/.test(name)) names.add(name);
    }
  }
  function collect(text: string) {
    for (const m of text.matchAll(re)) if (!m[1]) add(m[2]);
  }
}

function facadeExports(file: string): { from: string; names: string[] } {
  const text = readFileSync(path.join(repo, 'tools/webpack', file), 'utf8');
  const m = /export\s*\{([^}]*)\}\s*from\s*'([^']+)'/.exec(text);
  if (!m) throw new Error(`${file}: no export list`);
  return {
    from: m[2],
    names: m[1]
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  };
}

// Each facade re-exports from the real package, under an alias for those that cannot name it.
const FACADES: [pkg: string, file: string][] = [
  ['react-router-dom', 'react-router-dom-facade.mjs'],
  ['react-i18next', 'react-i18next-facade.mjs'],
  ['@reduxjs/toolkit', 'reduxjs-toolkit-facade.mjs'],
  ['react-redux', 'react-redux-facade.mjs'],
];

describe.each(FACADES)('%s facade', (pkg, file) => {
  const facade = facadeExports(file);

  it(`exports every name the apps import from ${pkg}`, () => {
    const used = importedNames(pkg);
    expect(used.size).toBeGreaterThan(2);
    expect([...used].filter((n) => !facade.names.includes(n))).toEqual([]);
  });

  it(`re-exports the very objects ${pkg} exports`, () => {
    /* eslint-disable @typescript-eslint/no-require-imports */
    const real = require(pkg) as Record<string, unknown>;
    const source = require(facade.from.replace('@hive-facade-source/', '')) as Record<string, unknown>;
    /* eslint-enable @typescript-eslint/no-require-imports */
    for (const name of facade.names) {
      expect(source[name]).toBeDefined();
      expect(source[name]).toBe(real[name]);
    }
  });
});
