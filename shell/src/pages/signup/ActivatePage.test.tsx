import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAuthPage } from '../authForm/renderAuthPage.testutil';
import { ActivatePage } from './ActivatePage';

const TOKEN = 'A'.repeat(43);

describe('ActivatePage', () => {
  it('activates only on a click (a mail scanner following the link changes nothing), then invites to sign in', async () => {
    const { calls } = renderAuthPage(<ActivatePage />, {
      url: `/authentication/activate?token=${TOKEN}`,
      respond: () => ({ status: 200, data: { success: true } }),
    });
    expect(calls).toHaveLength(0);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Activate account' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your account is active.');
    expect(JSON.parse(calls[0]!.data as string)).toEqual({ token: TOKEN });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/authentication/login');
  });

  it('says so when the link is used or expired', async () => {
    renderAuthPage(<ActivatePage />, {
      url: `/authentication/activate?token=${TOKEN}`,
      respond: () => ({ status: 400, data: { error: 'invalid_token' } }),
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Activate account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This activation link is no longer valid.');
  });

  it('a link without a token offers nothing to click', () => {
    renderAuthPage(<ActivatePage />, { url: '/authentication/activate', respond: () => ({ status: 200 }) });
    expect(screen.getByRole('alert')).toHaveTextContent('This activation link is no longer valid.');
    expect(screen.queryByRole('button', { name: 'Activate account' })).not.toBeInTheDocument();
  });
});
