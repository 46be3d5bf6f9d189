import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { SESSION_LIFETIME_MS, SESSION_WARNING_MS } from '@hive/shared/config';
import { readLocalSession } from './localSession';
import { setup, T0 } from './runtime.testutil';
import { SessionChrome } from './SessionChrome';

/*
 * SPEC.md 1: the public ordering area (/ordering/...) and the authentication area
 * (/authentication/...) have no session handling. A signed-in merchant looking at their storefront
 * gets no warning and is not logged out there; back in the back-office, a session that ran out
 * meanwhile ends as usual.
 */

let go: (path: string) => void = () => undefined;
function Navigator() {
  const navigate = useNavigate();
  go = (path) => navigate(path);
  return null;
}

/** Signed in on a back-office page, then on to `pathname` (a tab opening there does not boot: publicBoot.test.ts). */
async function signedInOn(pathname: string) {
  const ctx = setup({ pathname: '/items' });
  await ctx.runtime.boot({ search: '' });
  ctx.state.pathname = pathname;
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng: 'en', resources: {}, react: { useSuspense: false } });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[pathname]}>
        <Navigator />
        <SessionChrome runtime={ctx.runtime} />
      </MemoryRouter>
    </I18nextProvider>,
  );
  /** Moves the router (and what the runtime reads as the pathname). */
  const navigateTo = async (path: string) => {
    ctx.state.pathname = path;
    await act(async () => go(path));
  };
  return { ...ctx, view, navigateTo };
}

beforeEach(() => {
  jest.useFakeTimers({ now: T0 });
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  jest.clearAllTimers();
  jest.useRealTimers();
});

const advance = async (ms: number) => {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
};

describe.each(['/ordering/blue-door-bistro', '/authentication/login'])('on %s', (pathname) => {
  it('no warning appears and nothing is logged out when the session runs out', async () => {
    const ctx = await signedInOn(pathname);
    await advance(SESSION_LIFETIME_MS - SESSION_WARNING_MS + 1_000);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await advance(SESSION_WARNING_MS);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(ctx.snapshot().status).toBe('authenticated');
    expect(ctx.navigate).not.toHaveBeenCalled();
    expect(ctx.posted('SESSION_EXPIRED')).toBe(0);
    expect(ctx.auth.signOut).not.toHaveBeenCalled();
    expect(readLocalSession()).not.toBeNull();
    expect(ctx.store.getState().userData.user).not.toBeNull();
    ctx.view.unmount();
    ctx.runtime.dispose();
  });

  it('back on a back-office page, a session that ran out meanwhile ends as usual (to /)', async () => {
    const ctx = await signedInOn(pathname);
    await advance(SESSION_LIFETIME_MS + 1_000);
    expect(ctx.snapshot().status).toBe('authenticated');
    await ctx.navigateTo('/items');
    expect(ctx.navigate).toHaveBeenCalledWith('/');
    expect(ctx.snapshot().status).toBe('unauthenticated');
    expect(ctx.posted('SESSION_EXPIRED')).toBe(1);
    ctx.view.unmount();
    ctx.runtime.dispose();
  });

  it('back on a back-office page before it runs out, the warning shows there (and the session goes on)', async () => {
    const ctx = await signedInOn(pathname);
    await advance(SESSION_LIFETIME_MS - SESSION_WARNING_MS + 1_000);
    await ctx.navigateTo('/items');
    expect(await screen.findByRole('alertdialog')).toBeInTheDocument();
    expect(ctx.snapshot().status).toBe('authenticated');
    ctx.view.unmount();
    ctx.runtime.dispose();
  });
});

it('on a back-office page the warning appears at 5 minutes left', async () => {
  const ctx = await signedInOn('/items');
  await advance(SESSION_LIFETIME_MS - SESSION_WARNING_MS);
  expect(await screen.findByRole('alertdialog')).toBeInTheDocument();
  ctx.view.unmount();
  ctx.runtime.dispose();
});
