import { roleLabel } from './roleLabel';

describe('roleLabel', () => {
  it.each([
    ['distributors', 'distributors'],
    ['super_admin', 'admin'],
    ['support', 'support'],
    ['billing', 'billing'],
    ['dev_admin', 'dev'],
    ['viewer', 'viewer'],
    ['Regional_Manager', 'regional_manager'],
    ['SUPER_ADMIN', 'admin'],
  ])('%s -> %s', (role, label) => {
    expect(roleLabel(role)).toBe(label);
    expect(roleLabel({ name: role })).toBe(label);
  });

  it.each([[null], [undefined], [''], ['  '], [{ name: '' }], [{ name: null }], [{}]])(
    'falls back to admin for %p',
    (role) => {
      expect(roleLabel(role)).toBe('admin');
    },
  );
});
