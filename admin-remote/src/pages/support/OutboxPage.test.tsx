import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import App from '../../App';
import { fakeHttp, renderAdmin, staffUser } from '../../testing/renderAdmin.testutil';

const me = (rights: string[]) => ({
  status: 200,
  data: {
    user: { id: 1, email: 's@hive.test', role: 'x', roleLabel: 'x' },
    permissions: ['view_support_menu'],
    rights,
  },
});
const empty = { status: 200, data: { items: [], total: 0, page: 1, pageSize: 20 } };

describe('the outbox', () => {
  it('lists the e-mails sent, each opening to its body', async () => {
    const { http, calls } = fakeHttp((config: InternalAxiosRequestConfig) => {
      if (config.url === '/api/admin/me') return me(['support.outbox']);
      if (config.url === '/api/admin/support/outbox') {
        return {
          status: 200,
          data: {
            items: [
              {
                id: 9,
                to: 'owner@suncafe.test',
                subject: 'Activate your Hive POS account',
                body: 'Open this link: /authentication/activate?token=abc',
                createdAt: '2026-11-23T10:00:00Z',
              },
            ],
            total: 1,
            page: 1,
            pageSize: 20,
          },
        };
      }
      return empty;
    });
    renderAdmin(<App />, {
      path: '/admin/support/outbox?q=suncafe',
      user: staffUser('super_admin', ['support']),
      http,
    });
    const table = await screen.findByRole('table', { name: 'Outbox' });
    const summary = await within(table).findByText('Activate your Hive POS account');
    expect(within(table).getByText(/To: owner@suncafe\.test/)).toBeInTheDocument();
    await userEvent.setup().click(summary);
    expect(within(table).getByText(/authentication\/activate\?token=abc/)).toBeVisible();
    expect(calls.find((c) => c.url === '/api/admin/support/outbox')?.params).toMatchObject({ q: 'suncafe' });
  });

  it('the support page links to it only for roles with the outbox right', async () => {
    const withRight = fakeHttp((config) => (config.url === '/api/admin/me' ? me(['support.outbox']) : empty));
    const { unmount } = renderAdmin(<App />, {
      path: '/admin/support',
      user: staffUser('super_admin', ['support']),
      http: withRight.http,
    });
    expect(await screen.findByRole('link', { name: 'Outbox' })).toHaveAttribute('href', '/admin/support/outbox');
    unmount();
    const without = fakeHttp((config) => (config.url === '/api/admin/me' ? me(['support.write']) : empty));
    renderAdmin(<App />, { path: '/admin/support', user: staffUser('support', ['support']), http: without.http });
    expect(await screen.findByRole('heading', { name: 'Support' })).toBeInTheDocument();
    // Once /me has answered (without the right), still no link.
    await waitFor(() => expect(without.calls.some((c) => c.url === '/api/admin/me')).toBe(true));
    await act(async () => undefined);
    expect(screen.queryByRole('link', { name: 'Outbox' })).not.toBeInTheDocument();
  });
});
