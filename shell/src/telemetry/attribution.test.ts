import { folderOf, remoteOfError } from './attribution';

const urls = {
  backoffice: '/remotes/backoffice/mf-manifest.json',
  admin: '/remotes/admin/mf-manifest.json',
  ordering: 'https://cdn.example.com/ordering/2026.12.02-b/mf-manifest.json',
};
const at = (pathname: string) => ({ base: `https://hive.test${pathname}`, pathname });

describe('remoteOfError: which remote an uncaught error belongs to', () => {
  it('the remote whose manifest folder the stack names, the frame nearest the throw first', () => {
    const stack = [
      'TypeError: x is undefined',
      '    at Cart (https://cdn.example.com/ordering/2026.12.02-b/412.a1b2.js:1:200)',
      '    at https://hive.test/remotes/backoffice/88.js:1:10',
    ].join('\n');
    expect(remoteOfError({ stack }, urls, at('/overview'))).toBe('ordering');
    expect(remoteOfError({ stack: 'Error\n    at f (https://hive.test/remotes/admin/1.js:1:1)' }, urls, at('/'))).toBe(
      'admin',
    );
  });

  it('or the file the browser names', () => {
    expect(
      remoteOfError({ filename: 'https://hive.test/remotes/backoffice/remoteEntry.js' }, urls, at('/ordering/x')),
    ).toBe('backoffice');
  });

  it("an error naming only the shell's files belongs to no remote", () => {
    const stack = 'Error: shell bug\n    at boot (https://hive.test/static/main.1234.js:1:1)';
    expect(
      remoteOfError({ stack, filename: 'https://hive.test/static/main.1234.js' }, urls, at('/overview')),
    ).toBeNull();
  });

  it('an error without a location (a cross-origin "Script error.") goes to the area of the path', () => {
    expect(remoteOfError({ filename: '', stack: undefined }, urls, at('/ordering/corner-market'))).toBe('ordering');
    expect(remoteOfError({}, urls, at('/admin/companies'))).toBe('admin');
    expect(remoteOfError({}, urls, at('/sales'))).toBe('backoffice');
    // The shell's own pages have no remote.
    expect(remoteOfError({}, urls, at('/authentication/login'))).toBeNull();
  });

  it('does not take another remote with a similar folder name', () => {
    const lookalike = { ...urls, backoffice: '/remotes/back/mf-manifest.json' };
    const stack = 'Error\n    at x (https://hive.test/remotes/backoffice-old/1.js:1:1)';
    expect(remoteOfError({ stack }, lookalike, at('/sales'))).toBeNull();
  });

  it('folderOf: the absolute folder of a manifest URL', () => {
    expect(folderOf('/remotes/admin/mf-manifest.json', 'https://hive.test/x')).toBe('https://hive.test/remotes/admin/');
    expect(folderOf('https://cdn.x/a/remoteEntry.js?v=1', 'https://hive.test/')).toBe('https://cdn.x/a/');
    expect(folderOf('http://[bad', 'https://hive.test/')).toBeNull();
  });
});
