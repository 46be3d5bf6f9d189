import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  adoptListing,
  initRemotes,
  loadedReleases,
  loadRemoteApp,
  prefetchRemoteApp,
  remoteRelease,
} from '../remotes/registry';
import { NewVersionNotice } from './NewVersionNotice';
import { newVersionNotice } from './newVersionNotice';
import { reloadPage } from './reload';
import { RELEASE_POLL_MS } from './watchReleases';
import { startReleaseWatch } from './index';

jest.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));
jest.mock('./reload', () => ({ reloadPage: jest.fn() }));
const mf = { registerRemotes: jest.fn(), loadRemote: jest.fn(() => Promise.resolve({ default: () => null })) };
jest.mock('../remotes/federation', () => ({ startFederation: () => mf, providedVersions: () => ({}) }));

const flush = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};

/** `/remotes.json` as the server answers it now. */
let listing: Record<string, unknown>;
const answer = (
  releases: Record<string, { id: number; version: string } | null>,
  admin = '/remotes/admin/mf-manifest.json',
) => {
  listing = {
    backoffice: '/remotes/backoffice/mf-manifest.json',
    admin,
    ordering: '/remotes/ordering/mf-manifest.json',
    _releases: releases,
  };
};

describe('the new-version notice', () => {
  beforeEach(() => jest.clearAllMocks());
  afterEach(() => act(() => newVersionNotice.reset()));

  it('is a polite status with a Reload button and a dismiss button; Reload is the user’s own', async () => {
    const user = userEvent.setup();
    render(<NewVersionNotice />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() => newVersionNotice.offer('ordering', 31));
    expect(screen.getByRole('status')).toHaveTextContent('newVersion.body');
    expect(reloadPage).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'newVersion.reload' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'newVersion.dismiss' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    // The same release is not offered again; a later one is.
    act(() => newVersionNotice.offer('ordering', 31));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() => newVersionNotice.offer('ordering', 32));
    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  it('the buttons are reachable by keyboard', async () => {
    const user = userEvent.setup();
    render(<NewVersionNotice />);
    act(() => newVersionNotice.offer('backoffice', 2));
    await user.tab();
    expect(screen.getByRole('button', { name: 'newVersion.reload' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'newVersion.dismiss' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows when a remote this tab loaded gets another release, not for one it never loaded, and never reloads', async () => {
    jest.useFakeTimers();
    global.fetch = jest.fn(() => Promise.resolve({ ok: true, json: () => Promise.resolve(listing) } as Response));
    answer({
      backoffice: { id: 12, version: 'a' },
      admin: { id: 40, version: 'x' },
      ordering: { id: 30, version: 'c' },
    });
    render(<NewVersionNotice />);
    await act(async () => {
      await initRemotes({
        report: jest.fn(),
        onStarted: () => startReleaseWatch({ loaded: loadedReleases, adopt: adoptListing }),
      });
      await loadRemoteApp('ordering');
      prefetchRemoteApp('backoffice');
      await flush();
    });
    expect(loadedReleases()).toEqual({ ordering: { id: 30, version: 'c' }, backoffice: { id: 12, version: 'a' } });

    // The admin console (never loaded here) gets a new release: nothing to say, but this tab will
    // load that one if the user goes there.
    const admin41 = 'https://cdn.test/admin/41/mf-manifest.json';
    answer(
      { backoffice: { id: 12, version: 'a' }, admin: { id: 41, version: 'y' }, ordering: { id: 30, version: 'c' } },
      admin41,
    );
    await act(async () => {
      jest.advanceTimersByTime(RELEASE_POLL_MS);
      await flush();
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(remoteRelease('admin')).toEqual({ id: 41, version: 'y' });
    expect(mf.registerRemotes).toHaveBeenLastCalledWith([{ name: 'admin', entry: admin41 }], { force: true });

    // The storefront this tab shows is promoted to another release.
    answer(
      { backoffice: { id: 12, version: 'a' }, admin: { id: 41, version: 'y' }, ordering: { id: 31, version: 'd' } },
      admin41,
    );
    await act(async () => {
      jest.advanceTimersByTime(RELEASE_POLL_MS);
      await flush();
    });
    expect(screen.getByRole('status')).toHaveTextContent('newVersion.body');
    // The loaded ones keep the release they run.
    expect(loadedReleases()).toEqual({ ordering: { id: 30, version: 'c' }, backoffice: { id: 12, version: 'a' } });
    await act(async () => {
      jest.advanceTimersByTime(RELEASE_POLL_MS * 10);
      await flush();
    });
    expect(reloadPage).not.toHaveBeenCalled();
    jest.useRealTimers();
  });
});
