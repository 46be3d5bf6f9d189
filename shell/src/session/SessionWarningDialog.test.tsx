import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import type { ReactNode } from 'react';
import { createSessionSource, type SessionService, type SessionSnapshot } from '@hive/shared/shell-contract';
import { formatCountdown, SESSION_WARNING_DEFAULT_TEXTS, SessionWarningDialog } from './SessionWarningDialog';
import { SessionWarning } from './SessionWarning';

const en = {
  sessionWarning: {
    title: 'Your session is about to expire',
    body: 'For your security you will be signed out in {{time}}. Do you want to keep working?',
    extend: 'Extend session',
    logout: 'Log out',
    extending: 'Extending…',
    extendFailed: 'The session could not be extended. Try again.',
  },
};
const es = {
  sessionWarning: {
    title: 'Tu sesión está a punto de caducar',
    body: 'Por tu seguridad, se cerrará la sesión en {{time}}. ¿Quieres seguir trabajando?',
    extend: 'Ampliar sesión',
    logout: 'Cerrar sesión',
    extending: 'Ampliando…',
    extendFailed: 'No se pudo ampliar la sesión. Inténtalo de nuevo.',
  },
};

async function makeI18n(
  lng: 'en' | 'es',
  resources: Record<string, unknown> = { en: { shell: en }, es: { shell: es } },
): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    ns: ['shell'],
    defaultNS: 'shell',
    resources: resources as never,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}

let i18n: I18n;
const wrap = (instance: I18n) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <I18nextProvider i18n={instance}>{children}</I18nextProvider>;
  };

const T0 = 1_700_000_000_000;

beforeEach(async () => {
  jest.useFakeTimers({ now: T0 });
  i18n = await makeI18n('en');
});
afterEach(() => {
  jest.clearAllTimers();
  jest.useRealTimers();
});

function renderDialog(props: Partial<Parameters<typeof SessionWarningDialog>[0]> = {}, instance: I18n = i18n) {
  const onExtend = jest.fn();
  const onLogout = jest.fn();
  const utils = render(
    <SessionWarningDialog remainingMs={300_000} onExtend={onExtend} onLogout={onLogout} {...props} />,
    { wrapper: wrap(instance) },
  );
  return { onExtend: (props.onExtend as jest.Mock | undefined) ?? onExtend, onLogout, ...utils };
}

describe('formatCountdown', () => {
  it.each([
    [300_000, '05:00'],
    [299_001, '05:00'],
    [299_000, '04:59'],
    [61_000, '01:01'],
    [60_000, '01:00'],
    [1, '00:01'],
    [0, '00:00'],
    [-5_000, '00:00'],
    [Number.NaN, '00:00'],
    [3_600_000, '60:00'],
  ])('%p ms -> %p', (ms, text) => {
    expect(formatCountdown(ms)).toBe(text);
  });
});

describe('SessionWarningDialog', () => {
  it('is a modal alertdialog, labelled and described, with both buttons', () => {
    renderDialog();
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleName('Your session is about to expire');
    expect(dialog).toHaveAccessibleDescription(
      'For your security you will be signed out in 05:00. Do you want to keep working?',
    );
    expect(screen.getByRole('button', { name: 'Extend session' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('moves focus to "Extend session" when it opens, and back when it closes', () => {
    const before = document.createElement('button');
    document.body.appendChild(before);
    before.focus();
    const { unmount } = renderDialog();
    expect(screen.getByRole('button', { name: 'Extend session' })).toHaveFocus();
    unmount();
    expect(before).toHaveFocus();
    before.remove();
  });

  it('shows the published remaining time as mm:ss without an expiry timestamp', () => {
    const { rerender, onExtend, onLogout } = renderDialog({ remainingMs: 61_000 });
    expect(screen.getByText(/01:01/)).toBeInTheDocument();
    rerender(<SessionWarningDialog remainingMs={54_000} onExtend={onExtend} onLogout={onLogout} />);
    expect(screen.getByText(/00:54/)).toBeInTheDocument();
  });

  it('updates the shown time only when the remaining time differs from it by more than 5 s (SPEC.md 4)', () => {
    renderDialog({ remainingMs: 300_000, expiresAt: T0 + 300_000 });
    const description = () => screen.getByRole('alertdialog');
    expect(description()).toHaveAccessibleDescription(/05:00/);
    act(() => {
      jest.advanceTimersByTime(5_000);
    });
    // 5 s off is not more than 5 s: still 05:00.
    expect(description()).toHaveAccessibleDescription(/05:00/);
    act(() => {
      jest.advanceTimersByTime(1_000);
    });
    expect(description()).toHaveAccessibleDescription(/04:54/);
    act(() => {
      jest.advanceTimersByTime(5_000);
    });
    expect(description()).toHaveAccessibleDescription(/04:54/);
    act(() => {
      jest.advanceTimersByTime(56_000);
    });
    // 67 s in: the last update was at 66 s.
    expect(description()).toHaveAccessibleDescription(/03:54/);
    act(() => {
      jest.advanceTimersByTime(600_000);
    });
    expect(description()).toHaveAccessibleDescription(/00:00/);
  });

  it('a new expiry (an extend in another tab) or a published jump shows at once', () => {
    const { rerender, onExtend, onLogout } = renderDialog({ remainingMs: 200_000, expiresAt: T0 + 200_000 });
    expect(screen.getByRole('alertdialog')).toHaveAccessibleDescription(/03:20/);
    rerender(
      <SessionWarningDialog remainingMs={250_000} expiresAt={T0 + 250_000} onExtend={onExtend} onLogout={onLogout} />,
    );
    expect(screen.getByRole('alertdialog')).toHaveAccessibleDescription(/04:10/);
    rerender(<SessionWarningDialog remainingMs={247_000} onExtend={onExtend} onLogout={onLogout} />);
    expect(screen.getByRole('alertdialog')).toHaveAccessibleDescription(/04:10/);
  });

  it('"Extend session" calls onExtend; "Log out" calls onLogout', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { onExtend, onLogout } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Extend session' }));
    expect(onExtend).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('Escape means "keep working": it extends, it does not dismiss silently', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { onExtend, onLogout } = renderDialog();
    await user.keyboard('{Escape}');
    expect(onExtend).toHaveBeenCalledTimes(1);
    expect(onLogout).not.toHaveBeenCalled();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('keeps Tab inside the dialog', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderDialog();
    const extend = screen.getByRole('button', { name: 'Extend session' });
    const logout = screen.getByRole('button', { name: 'Log out' });
    await user.tab();
    expect(logout).toHaveFocus();
    await user.tab();
    expect(extend).toHaveFocus();
    await user.tab({ shift: true });
    expect(logout).toHaveFocus();
    await user.tab({ shift: true });
    expect(extend).toHaveFocus();
  });

  it('shows "Extending…" while busy, ignores repeated presses, and reports a failure', async () => {
    let finish: (value: unknown) => void = () => undefined;
    const onExtend = jest.fn(() => new Promise((resolve) => (finish = resolve)));
    renderDialog({ onExtend });
    const button = screen.getByRole('button', { name: 'Extend session' });
    fireEvent.click(button);
    expect(button).toHaveTextContent('Extending…');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('alertdialog')).toHaveAttribute('aria-busy', 'true');
    fireEvent.click(button);
    fireEvent.keyDown(button, { key: 'Escape' });
    expect(onExtend).toHaveBeenCalledTimes(1);
    await act(async () => finish(false));
    expect(screen.getByRole('alert')).toHaveTextContent('The session could not be extended. Try again.');
    expect(button).toHaveTextContent('Extend session');
    expect(button).toHaveFocus();
  });

  it('a rejected extend is a failure too; a later success clears it', async () => {
    const onExtend = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(undefined);
    renderDialog({ onExtend });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Extend session' }));
    });
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Extend session' }));
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    renderDialog({ remainingMs: 125_000 }, await makeI18n('es'));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveAccessibleName('Tu sesión está a punto de caducar');
    expect(dialog).toHaveAccessibleDescription(
      'Por tu seguridad, se cerrará la sesión en 02:05. ¿Quieres seguir trabajando?',
    );
    expect(screen.getByRole('button', { name: 'Ampliar sesión' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
  });

  it('falls back to English texts when the namespace lacks the keys', async () => {
    renderDialog({ remainingMs: 65_000 }, await makeI18n('en', { en: { shell: {} } }));
    expect(screen.getByRole('alertdialog')).toHaveAccessibleName(SESSION_WARNING_DEFAULT_TEXTS.title);
    expect(screen.getByRole('alertdialog')).toHaveAccessibleDescription(/01:05/);
    expect(screen.getByRole('button', { name: 'Extend session' })).toBeInTheDocument();
  });

  it('takes text overrides', () => {
    renderDialog({
      remainingMs: 10_000,
      texts: { title: 'Still there?', body: 'Ends in {{time}} ({{time}})', extend: 'Yes' },
    });
    expect(screen.getByRole('alertdialog')).toHaveAccessibleName('Still there?');
    expect(screen.getByRole('alertdialog')).toHaveAccessibleDescription('Ends in 00:10 (00:10)');
    expect(screen.getByRole('button', { name: 'Yes' })).toBeInTheDocument();
  });
});

describe('SessionWarning (host)', () => {
  function host(initial: Partial<SessionSnapshot>) {
    const source = createSessionSource({
      status: 'authenticated',
      expiresAt: T0 + 1_000_000,
      remainingMs: 1_000_000,
      ...initial,
    });
    const service: SessionService & { extend: jest.Mock; logout: jest.Mock } = {
      getSnapshot: source.getSnapshot,
      subscribe: source.subscribe,
      extend: jest.fn(async () => {
        source.set({ expiresAt: Date.now() + 2_700_000, remainingMs: 2_700_000 });
      }),
      logout: jest.fn(async () => undefined),
    };
    render(<SessionWarning session={service} />, { wrapper: wrap(i18n) });
    return { source, service };
  }

  it('shows the dialog at 300000 ms left, not at 300001, and only when signed in', async () => {
    const { source } = host({ remainingMs: 300_001, expiresAt: T0 + 300_001 });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    act(() => source.set({ remainingMs: 300_000, expiresAt: T0 + 300_000 }));
    expect(await screen.findByRole('alertdialog')).toBeInTheDocument();
    act(() => source.set({ status: 'unauthenticated' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('extend closes it; logout is passed through', async () => {
    const { service } = host({ remainingMs: 200_000, expiresAt: T0 + 200_000 });
    const extend = await screen.findByRole('button', { name: 'Extend session' });
    await act(async () => {
      fireEvent.click(extend);
    });
    expect(service.extend).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('an extend that leaves the warning up reports a failure; Log out calls logout', async () => {
    const { service } = host({ remainingMs: 200_000, expiresAt: T0 + 200_000 });
    service.extend.mockImplementationOnce(async () => undefined);
    const extend = await screen.findByRole('button', { name: 'Extend session' });
    await act(async () => {
      fireEvent.click(extend);
    });
    expect(screen.getByRole('alert')).toHaveTextContent('The session could not be extended. Try again.');
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(service.logout).toHaveBeenCalledTimes(1);
  });
});
