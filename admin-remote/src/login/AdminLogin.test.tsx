import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setUserData, type User } from '@hive/shared/store';
import type { SignInResult } from '@hive/shared/shell-contract';
import { merchantUser, renderAdmin, staffUser, type Harness } from '../testing/renderAdmin.testutil';
import { AdminLogin } from './AdminLogin';

async function fill(email: string, password: string) {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

/** signIn resolves like the shell's: on success the user is already in the store. */
function signInAs(h: Harness, result: Partial<SignInResult>, user: User | null = null) {
  h.auth.signIn.mockImplementation(async () => {
    if (result.ok && user) h.store.dispatch(setUserData({ user, license: null, addons: [] }));
    return { ok: false, status: 200, error: null, url: null, ...result };
  });
}

describe('admin sign-in', () => {
  it('checks the fields before sending anything', async () => {
    const h = renderAdmin(<AdminLogin />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your email address.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid email address, like name@example.com.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(h.auth.signIn).not.toHaveBeenCalled();
  });

  it('staff: signs in through the shell and stays signed in', async () => {
    const h = renderAdmin(<AdminLogin />);
    signInAs(h, { ok: true }, staffUser('billing'));
    await fill('billing@hive.test', 'hive-demo-2026');
    await waitFor(() =>
      expect(h.auth.signIn).toHaveBeenCalledWith('billing@hive.test', 'hive-demo-2026', { callbackUrl: '/admin' }),
    );
    expect(h.auth.signOut).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(h.store.getState().userData.user?.email).toBe('someone@hive.test');
  });

  it('a merchant account is refused with a clear message and signed out again', async () => {
    const h = renderAdmin(<AdminLogin />);
    signInAs(h, { ok: true }, merchantUser());
    await fill('owner@cornermarket.test', 'hive-demo-2026');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This is a merchant account. The admin console is for Hive POS staff only',
    );
    expect(h.auth.signOut).toHaveBeenCalledTimes(1);
    expect(h.store.getState().userData.user).toBeNull();
    // What was typed is still there.
    expect(screen.getByLabelText('Email')).toHaveValue('owner@cornermarket.test');
    expect(screen.getByLabelText('Password')).toHaveValue('hive-demo-2026');
  });

  it('the merchant message shows only once the sign-out has finished', async () => {
    const h = renderAdmin(<AdminLogin />);
    signInAs(h, { ok: true }, merchantUser());
    let finishSignOut = () => {};
    h.auth.signOut.mockImplementation(() => new Promise<void>((resolve) => (finishSignOut = resolve)));
    await fill('owner@cornermarket.test', 'hive-demo-2026');
    await waitFor(() => expect(h.auth.signOut).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => finishSignOut());
    expect(await screen.findByRole('alert')).toHaveTextContent('This is a merchant account');
  });

  it.each([
    [{ error: 'CredentialsSignin' }, 'The email or password is not correct.'],
    [
      { error: 'AccountLocked', status: 429, retryAfterSeconds: 840 },
      'This account is locked after too many failed attempts. Try again in 14 minutes.',
    ],
    [
      { error: 'AccountLocked' },
      'This account is locked after too many failed attempts. Try again later, or reset your password.',
    ],
    [{ error: 'AccountDisabled' }, 'This account is disabled. Ask a Hive POS administrator to enable it.'],
    [
      { error: 'Throttled', status: 429, retryAfterSeconds: 60 },
      'Too many sign-in attempts from this address. Try again in 1 minutes.',
    ],
    [{ error: 'Network', status: 0 }, 'The server cannot be reached. Check your connection and try again.'],
    [{ error: 'Something new' }, 'Sign-in failed. Try again.'],
  ])('%j: says so and keeps what was typed', async (result, message) => {
    const h = renderAdmin(<AdminLogin />);
    signInAs(h, result);
    await fill('support@hive.test', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('Email')).toHaveValue('support@hive.test');
    expect(screen.getByLabelText('Password')).toHaveValue('wrong-password');
    expect(h.auth.signOut).not.toHaveBeenCalled();
  });

  it('no sign-in method on the server: goes to the auth error page, like the back-office login (SPEC.md 8)', async () => {
    const h = renderAdmin(<AdminLogin />);
    signInAs(h, { error: 'Configuration', status: 0, url: '/authentication/error?error=Configuration' });
    await fill('support@hive.test', 'hive-demo-2026');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/authentication/error?error=Configuration'),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(h.auth.signOut).not.toHaveBeenCalled();
  });

  it('a merchant already signed in to the back-office is told so (and not signed out)', () => {
    const h = renderAdmin(<AdminLogin />, { user: merchantUser('manager@bluedoor.test') });
    expect(screen.getByRole('status')).toHaveTextContent(
      'You are signed in to the back-office as manager@bluedoor.test',
    );
    expect(screen.getByRole('link', { name: 'Go to the back-office' })).toHaveAttribute('href', '/');
    expect(h.auth.signOut).not.toHaveBeenCalled();
  });

  it('speaks Spanish', () => {
    renderAdmin(<AdminLogin />, { lng: 'es' });
    expect(screen.getByRole('heading', { name: 'Consola de administración' })).toBeInTheDocument();
    expect(screen.getByLabelText('Contraseña')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeInTheDocument();
  });
});
