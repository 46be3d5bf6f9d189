import { VALIDATION_MESSAGE_KEYS } from '@hive/shared/schemas/backoffice';
import enCommon from '../../public/locales/en/common.json';
import esCommon from '../../public/locales/es/common.json';
import enSettings from '../../public/locales/en/settings.json';
import esSettings from '../../public/locales/es/settings.json';
import enDevices from '../../public/locales/en/devices.json';
import esDevices from '../../public/locales/es/devices.json';
import enReports from '../../public/locales/en/reports.json';
import esReports from '../../public/locales/es/reports.json';
import enInventory from '../../public/locales/en/inventory.json';
import esInventory from '../../public/locales/es/inventory.json';
import enTeam from '../../public/locales/en/team.json';
import esTeam from '../../public/locales/es/team.json';
import enScheduling from '../../public/locales/en/scheduling.json';
import esScheduling from '../../public/locales/es/scheduling.json';
import enLabor from '../../public/locales/en/labor.json';
import esLabor from '../../public/locales/es/labor.json';

type Tree = { [key: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
const valueAt = (tree: Tree, key: string) => key.split('.').reduce<unknown>((t, k) => (t as Tree)[k], tree);

describe.each([
  ['common', enCommon, esCommon],
  ['settings', enSettings, esSettings],
  ['devices', enDevices, esDevices],
  ['reports', enReports, esReports],
  ['inventory', enInventory, esInventory],
  ['team', enTeam, esTeam],
  ['scheduling', enScheduling, esScheduling],
  ['labor', enLabor, esLabor],
])('back-office texts, namespace %s', (_ns, en, es) => {
  it('en and es have the same keys, none empty', () => {
    expect(keys(es as Tree).sort()).toEqual(keys(en as Tree).sort());
    for (const tree of [en, es]) for (const key of keys(tree as Tree)) expect(valueAt(tree as Tree, key)).not.toBe('');
  });

  it('every plural has its "one" and "other" forms', () => {
    const all = keys(en as Tree);
    for (const key of all.filter((k) => k.endsWith('_one'))) expect(all).toContain(key.replace(/_one$/, '_other'));
  });
});

it('every validation rule of the shared schemas has a text in both languages', () => {
  for (const texts of [enCommon, esCommon]) {
    const validation = (texts as unknown as { validation: Record<string, string> }).validation;
    for (const key of VALIDATION_MESSAGE_KEYS) expect([key, typeof validation[key]]).toEqual([key, 'string']);
  }
});
