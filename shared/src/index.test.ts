import * as root from './index';
import * as config from './config';
import * as http from './http';
import * as menu from './menu';

describe('@hive/shared root entry', () => {
  it.each([
    ['config', config],
    ['menu', menu],
    ['http', http],
  ])('re-exports every value of %s', (_name, mod) => {
    const missing = Object.keys(mod).filter((key) => !(key in root));
    expect(missing).toEqual([]);
  });
});

describe('React-free subpaths', () => {
  // The server imports config, menu and http: they may import only each other.
  const fs = jest.requireActual<typeof import('node:fs')>('node:fs');
  const path = jest.requireActual<typeof import('node:path')>('node:path');
  const files = ['config', 'menu', 'http'].flatMap((dir) =>
    fs
      .readdirSync(path.join(__dirname, dir))
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
      .map((f) => path.join(__dirname, dir, f)),
  );

  it.each(files.map((f) => [path.relative(__dirname, f), f]))('%s imports nothing outside them', (_rel, file) => {
    const source = fs.readFileSync(file, 'utf8');
    // Type-only imports load nothing at run time.
    const specifiers = [...source.matchAll(/^(?:import|export) (?!type )[^;]*?from '([^']+)'/gms)].map((m) => m[1] as string);
    // Siblings by package name (each subpath is one federation singleton).
    const allowed = /^(\.\/|@hive\/shared\/(config|menu|http)$)/;
    const outside = specifiers.filter((s) => !allowed.test(s));
    expect(outside).toEqual([]);
  });
});
