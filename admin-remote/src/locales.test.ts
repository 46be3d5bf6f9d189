import { ADMIN_FIELD_MESSAGES } from '@hive/shared/schemas/admin';
import { adminMenu } from '@hive/shared/menu';
import en from '../public/locales/en/login.json';
import es from '../public/locales/es/login.json';

type Tree = { [key: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );

describe('admin texts (namespace login)', () => {
  it('en and es have the same keys, none empty', () => {
    expect(keys(es as Tree).sort()).toEqual(keys(en as Tree).sort());
    for (const tree of [en, es])
      for (const key of keys(tree as Tree))
        expect(key.split('.').reduce<unknown>((t, k) => (t as Tree)[k], tree)).not.toBe('');
  });

  it('every shared field message and every menu entry has a text', () => {
    const all = new Set(keys(en as Tree));
    for (const key of Object.keys(ADMIN_FIELD_MESSAGES)) expect(all.has(`validation.${key}`)).toBe(true);
    for (const item of adminMenu) expect(all.has(item.name)).toBe(true);
  });
});
