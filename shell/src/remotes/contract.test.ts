import { contractProblem } from './contract';

const shell = {
  version: '1.0.0',
  shared: { react: '19.2.0', 'react-router-dom': '7.9.4', '@hive/shared/store': '0.1.0' },
};

describe('contractProblem', () => {
  it('accepts a remote built against this contract and these singletons', () => {
    expect(
      contractProblem({ range: '^1.0.0', shared: { react: '^19.2.0', 'react-router-dom': '^7.9.0' } }, shell),
    ).toBeNull();
  });

  it('accepts a remote built before the contract existed (taken to need ^1.0.0)', () => {
    expect(contractProblem(undefined, shell)).toBeNull();
    expect(contractProblem({}, shell)).toBeNull();
  });

  it('refuses a legacy remote once the shell moved to a new major', () => {
    expect(contractProblem(undefined, { ...shell, version: '2.0.0' })).toBe(
      'needs shell contract ^1.0.0, this shell is 2.0.0',
    );
  });

  it('refuses a remote that needs another contract', () => {
    expect(contractProblem({ range: '^99.0.0' }, shell)).toBe('needs shell contract ^99.0.0, this shell is 1.0.0');
    expect(contractProblem({ range: '^1.3.0' }, shell)).toMatch(/needs shell contract \^1\.3\.0/);
  });

  it('refuses a remote that needs a newer major of a shared singleton', () => {
    expect(contractProblem({ range: '^1.0.0', shared: { react: '^20.0.0' } }, shell)).toBe(
      'needs react ^20.0.0, this shell provides 19.2.0',
    );
    expect(contractProblem({ range: '^1.0.0', shared: { 'react-router-dom': '^8.0.0' } }, shell)).toMatch(
      /react-router-dom/,
    );
  });

  it('ignores what the shell does not provide (the remote brings its own copy)', () => {
    expect(contractProblem({ range: '^1.0.0', shared: { '@tanstack/react-table': '^9.0.0' } }, shell)).toBeNull();
  });
});
