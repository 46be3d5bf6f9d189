import { REMOTE_FIRST_PATH } from '../remoteFirst';
import { areaOfPath, hasSessionHandling } from './areaOfPath';

describe('areaOfPath', () => {
  it.each([
    '/',
    '/authentication/login',
    '/authentication/resetpass',
    '/signup',
    '/resetpass',
    '/unauthorized',
    '/session-expired',
  ])('%s is the shell’s own page: no federation at boot', (path) => {
    expect(areaOfPath(path)).toBeNull();
  });

  it.each([
    ['/admin', 'admin'],
    ['/admin/companies', 'admin'],
    ['/ordering/blue-door-bistro', 'ordering'],
    // The router's `/ordering/*` takes `/ordering` itself, in any case.
    ['/ordering', 'ordering'],
    ['/Ordering/Blue-Door-Bistro', 'ordering'],
    ['/ordering_online', 'backoffice'],
    ['/items', 'backoffice'],
    ['/overview/', 'backoffice'],
    ['/administration', 'backoffice'],
  ])('%s belongs to %s', (path, area) => {
    expect(areaOfPath(path)).toBe(area);
  });

  it.each([
    '/',
    '/signup',
    '/admin',
    '/admin/users',
    '/administration',
    '/ordering',
    '/ordering/blue-door-bistro',
    '/ordering_online',
    '/items',
  ])('%s: the entry fetches the runtime early exactly on the admin console and the storefront', (path) => {
    expect(REMOTE_FIRST_PATH.test(path)).toBe(['admin', 'ordering'].includes(areaOfPath(path) ?? ''));
  });
});

describe('hasSessionHandling (SPEC.md 1)', () => {
  it.each([
    '/ordering/blue-door-bistro',
    '/ordering/blue-door-bistro/checkout',
    '/authentication/login',
    '/authentication/signup',
    '/authentication',
    '/authentication/',
    '/ordering',
    '/ORDERING/blue-door-bistro',
    '/Authentication/Login',
  ])('%s has none', (path) => {
    expect(hasSessionHandling(path)).toBe(false);
  });

  it.each(['/', '/items', '/admin', '/admin/users', '/session-expired', '/ordering_online', '/authenticationx'])(
    '%s has it',
    (path) => {
      expect(hasSessionHandling(path)).toBe(true);
    },
  );
});
