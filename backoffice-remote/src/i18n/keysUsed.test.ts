import fs from 'node:fs';
import path from 'node:path';
import { BACKOFFICE_DEFAULT_NAMESPACE } from '@hive/shared/config';

/*
 * Every text key the code names literally (`t('area.key')`, `t('common:key')`) exists in the en AND
 * es locale files: i18next shows a missing key as the key itself ("promotions.hints.stackable"), and
 * a key present only in en shows English on a Spanish page. A file's keys are looked up in the
 * namespaces it asks for (useAreaT('devices'), useT() for 'common'); a file that asks for none gets
 * its `t` from its caller, so its keys may be in any namespace. Keys built at run time (template
 * literals, variables) are not checked here: the accessibility walk looks for raw keys on every page.
 *
 * Also: an accessible name built for a button (`fooNamed`, "Get pairing code for Till 1") starts
 * with the button's visible text (`foo`, "Get pairing code"), as WCAG 2.5.3 (label in name) asks:
 * speech-input users say what they see.
 */

const SRC = path.resolve(__dirname, '..');
const LOCALES = path.resolve(__dirname, '../../public/locales');
const LANGUAGES = ['en', 'es'] as const;

type Tree = { [key: string]: string | Tree };
const load = (lng: string): Record<string, Tree> =>
  Object.fromEntries(
    fs
      .readdirSync(path.join(LOCALES, lng))
      .filter((f) => f.endsWith('.json'))
      .map((f) => [f.replace(/\.json$/, ''), JSON.parse(fs.readFileSync(path.join(LOCALES, lng, f), 'utf8')) as Tree]),
  );
const SHELL_LOCALES = path.resolve(__dirname, '../../../shell/public/locales');
// The shell's namespace is loaded too: the remote reads 'shell:loading' before its own texts.
const texts: Record<string, Record<string, Tree>> = Object.fromEntries(
  LANGUAGES.map((lng) => [
    lng,
    { ...load(lng), shell: JSON.parse(fs.readFileSync(path.join(SHELL_LOCALES, lng, 'shell.json'), 'utf8')) as Tree },
  ]),
);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const at = (tree: Tree | undefined, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Tree)[part] : undefined), tree);

/**
 * The key, or its plural forms (t('x', { count }) reads x_one / x_other), is a text, or a list of
 * texts (t('x', { returnObjects: true })).
 */
function exists(lng: string, ns: string, key: string) {
  const tree = texts[lng]![ns];
  return [key, `${key}_one`, `${key}_other`].some((k) => {
    const value = at(tree, k);
    return typeof value === 'string' || Array.isArray(value);
  });
}

const T_CALL = /(?<![\w.])t\(\s*(['"])([^'"\n]+)\1/g;
const AREA = /useAreaT\(\s*'(\w+)'\s*\)/g;

function usedKeys() {
  const found: { file: string; key: string; namespaces: string[] }[] = [];
  for (const file of sources(SRC)) {
    const code = fs.readFileSync(file, 'utf8');
    const asked = [...code.matchAll(AREA)].map((m) => m[1]!);
    if (/\buseT\(\)|useTranslation\(BACKOFFICE_DEFAULT_NAMESPACE\)/.test(code))
      asked.push(BACKOFFICE_DEFAULT_NAMESPACE);
    const namespaces = asked.length > 0 ? asked : Object.keys(texts.en!);
    for (const [, , key] of code.matchAll(T_CALL)) {
      // Not a text key: a sentence or a key with spaces is some other function named t.
      if (!/^[\w-]+(:[\w-]+)?(\.[\w-]+)+$/.test(key!) && !/^[\w-]+:[\w.-]+$/.test(key!)) continue;
      found.push({ file: path.relative(SRC, file), key: key!, namespaces });
    }
  }
  return found;
}

describe('text keys named in the code', () => {
  const used = usedKeys();

  it('finds the keys (the scan itself works)', () => {
    expect(used.length).toBeGreaterThan(500);
    expect(used).toContainEqual(
      expect.objectContaining({ key: 'terminals.actions.pairNamed', namespaces: expect.arrayContaining(['devices']) }),
    );
  });

  it.each(LANGUAGES)('every one exists in %s', (lng) => {
    const missing = used
      .filter(({ key, namespaces }) => {
        const [ns, rest] = key.includes(':') ? key.split(':') : [null, key];
        return ns ? !exists(lng, ns, rest!) : !namespaces.some((n) => exists(lng, n, key));
      })
      .map(({ file, key }) => `${file}: ${key}`);
    expect(missing).toEqual([]);
  });
});

describe('accessible names of buttons (label in name)', () => {
  /*
   * Icon-only buttons: their short text is a tooltip (title), not a visible label, so their name
   * reads in natural order ("Move Espresso up").
   */
  const ICON_ONLY = new Set([
    'devices banners.moveUp',
    'devices banners.moveDown',
    'settings ordered.moveUp',
    'settings ordered.moveDown',
  ]);

  it.each(LANGUAGES)('each `xNamed` starts with its visible `x`, in %s', (lng) => {
    const mismatched: string[] = [];
    const walk = (ns: string, tree: Tree, prefix: string) => {
      for (const [key, value] of Object.entries(tree)) {
        if (typeof value !== 'string') {
          walk(ns, value, `${prefix}${key}.`);
          continue;
        }
        const visible = key.endsWith('Named') ? tree[key.slice(0, -'Named'.length)] : undefined;
        if (typeof visible !== 'string' || ICON_ONLY.has(`${ns} ${prefix}${key.slice(0, -5)}`)) continue;
        if (!value.toLocaleLowerCase(lng).startsWith(visible.toLocaleLowerCase(lng)))
          mismatched.push(`${ns}:${prefix}${key} "${value}" does not start with "${visible}"`);
      }
    };
    for (const [ns, tree] of Object.entries(texts[lng]!)) walk(ns, tree, '');
    expect(mismatched).toEqual([]);
  });
});
