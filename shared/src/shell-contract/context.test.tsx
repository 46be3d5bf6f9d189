import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axios from 'axios';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { createHiveStore } from '@hive/shared/store';
import { ShellProvider, useAuth, useHttp, useOptionalShell, useSession, useShell } from './context';
import { createSessionSource, type SessionSource } from './sessionSource';
import type { SessionService, ShellServices } from './types';

function makeServices(source: SessionSource = createSessionSource()) {
  const session: SessionService = {
    getSnapshot: source.getSnapshot,
    subscribe: source.subscribe,
    extend: jest.fn(async () => source.set({ expiresAt: 2_000, remainingMs: 2_000 })),
    logout: jest.fn(async () => source.set({ status: 'unauthenticated', expiresAt: null, remainingMs: null })),
  };
  const services: ShellServices = {
    http: axios.create(),
    session,
    auth: {
      signIn: jest.fn(async () => ({ ok: true, status: 200, error: null, url: '/' })),
      signOut: jest.fn(async () => undefined),
      getCsrfToken: jest.fn(async () => 'csrf'),
    },
    i18n: i18next.createInstance(),
    changeLanguage: jest.fn(async () => undefined),
    store: createHiveStore({ storage: null }),
  };
  return services;
}

const wrapperFor =
  (services: ShellServices) =>
  ({ children }: { children: ReactNode }) => <ShellProvider services={services}>{children}</ShellProvider>;

describe('outside the provider', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it.each([
    ['useShell', useShell],
    ['useHttp', useHttp],
    ['useAuth', useAuth],
    ['useSession', useSession],
  ])('%s throws a clear error', (_name, hook) => {
    expect(() => renderHook(() => hook())).toThrow(/must be used inside <ShellProvider>/);
  });

  it('useOptionalShell returns null', () => {
    expect(renderHook(() => useOptionalShell()).result.current).toBeNull();
  });
});

describe('inside the provider', () => {
  it('useShell, useHttp and useAuth return the services', async () => {
    const services = makeServices();
    const wrapper = wrapperFor(services);
    expect(renderHook(() => useShell(), { wrapper }).result.current).toBe(services);
    expect(renderHook(() => useHttp(), { wrapper }).result.current).toBe(services.http);
    const auth = renderHook(() => useAuth(), { wrapper }).result.current;
    await expect(auth.signIn('a@b.c', 'pw')).resolves.toMatchObject({ ok: true });
    expect(services.auth.signIn).toHaveBeenCalledWith('a@b.c', 'pw');
  });

  it('useSession re-renders on session changes', () => {
    const source = createSessionSource();
    const { result } = renderHook(() => useSession(), { wrapper: wrapperFor(makeServices(source)) });
    expect(result.current).toMatchObject({ status: 'loading', expiresAt: null, remainingMs: null });
    act(() => source.set({ status: 'authenticated', expiresAt: 1_000, remainingMs: 900 }));
    expect(result.current).toMatchObject({ status: 'authenticated', expiresAt: 1_000, remainingMs: 900 });
  });

  it('useSession keeps its identity while nothing changes', () => {
    const source = createSessionSource();
    const { result, rerender } = renderHook(() => useSession(), { wrapper: wrapperFor(makeServices(source)) });
    const first = result.current;
    rerender();
    act(() => source.set({ status: 'loading' })); // no actual change
    expect(result.current).toBe(first);
  });

  it('session actions run through the shell and update the UI', async () => {
    const source = createSessionSource({ status: 'authenticated', expiresAt: 1_000, remainingMs: 100 });
    const services = makeServices(source);
    function SessionBar() {
      const { status, remainingMs, extend, logout } = useSession();
      return (
        <div>
          <p>
            {status} {remainingMs ?? '-'}
          </p>
          <button onClick={() => void extend()}>Extend</button>
          <button onClick={() => void logout()}>Log out</button>
        </div>
      );
    }
    render(
      <ShellProvider services={services}>
        <SessionBar />
      </ShellProvider>,
    );
    expect(screen.getByText('authenticated 100')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Extend' }));
    expect(services.session.extend).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('authenticated 2000')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('unauthenticated -')).toBeInTheDocument();
  });

  it('works with a class-based session service', () => {
    class ClassSession implements SessionService {
      private source = createSessionSource();
      getSnapshot() {
        return this.source.getSnapshot();
      }
      subscribe(listener: () => void) {
        return this.source.subscribe(listener);
      }
      async extend() {}
      async logout() {}
      set(status: 'authenticated') {
        this.source.set({ status });
      }
    }
    const session = new ClassSession();
    const services = { ...makeServices(), session };
    const { result } = renderHook(() => useSession(), { wrapper: wrapperFor(services) });
    act(() => session.set('authenticated'));
    expect(result.current.status).toBe('authenticated');
  });
});

describe('createSessionSource', () => {
  it('notifies only on real changes and supports unsubscribe', () => {
    const source = createSessionSource();
    const listener = jest.fn();
    const unsubscribe = source.subscribe(listener);
    source.set({ status: 'loading' });
    expect(listener).not.toHaveBeenCalled();
    source.set({ status: 'authenticated' });
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    source.set({ status: 'unauthenticated' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(source.getSnapshot().status).toBe('unauthenticated');
  });
});
