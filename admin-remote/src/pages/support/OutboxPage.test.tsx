import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import type { AdminOutboxMessage } from '@hive/shared/schemas/admin';
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
const empty = { status: 200, data: { items: [], total: 0, page: 1, pageSize: 20, delivery: true } };

const activation: AdminOutboxMessage = {
  id: 9,
  to: 'owner@suncafe.test',
  subject: 'Activate your Hive POS account',
  body: 'Open this link: /authentication/activate?token=abc',
  createdAt: '2026-11-23T10:00:00Z',
  status: 'sent',
  attempts: 1,
  lastError: null,
  nextAttemptAt: null,
  sentAt: '2026-11-23T10:00:05Z',
};
const failedReset: AdminOutboxMessage = {
  id: 12,
  to: 'clerk@cornermarket.test',
  subject: 'Reset your Hive POS password',
  body: 'Open this link: https://pos.example.com/authentication/resetpass?token=def',
  createdAt: '2026-11-23T11:00:00Z',
  status: 'failed',
  attempts: 6,
  lastError: "Can't send mail - all recipients were rejected: 550 No such mailbox",
  nextAttemptAt: null,
  sentAt: null,
};
const page = (items: AdminOutboxMessage[], delivery = true) => ({
  status: 200,
  data: { items, total: items.length, page: 1, pageSize: 20, delivery },
});

describe('the outbox', () => {
  it('lists the e-mails sent, each opening to its body', async () => {
    const { http, calls } = fakeHttp((config: InternalAxiosRequestConfig) => {
      if (config.url === '/api/admin/me') return me(['support.outbox']);
      if (config.url === '/api/admin/support/outbox') return page([activation]);
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
    // Sent: its status and when, and nothing to retry.
    expect(within(table).getByText('Sent')).toBeInTheDocument();
    expect(within(table).getByText(/^Sent .*2026/)).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^Retry/ })).not.toBeInTheDocument();
  });

  it('a failed e-mail shows its tries and the last error; Retry sends it again and reloads', async () => {
    let retried = false;
    const { http, calls } = fakeHttp((config: InternalAxiosRequestConfig) => {
      if (config.url === '/api/admin/me') return me(['support.outbox']);
      if (config.url === '/api/admin/support/outbox/12/retry' && config.method === 'post') {
        retried = true;
        return { status: 200, data: { ...failedReset, status: 'pending', attempts: 0 } };
      }
      if (config.url === '/api/admin/support/outbox') {
        return page([
          retried
            ? { ...failedReset, status: 'pending', attempts: 0, nextAttemptAt: '2026-11-23T12:00:00Z' }
            : failedReset,
        ]);
      }
      return empty;
    });
    renderAdmin(<App />, { path: '/admin/support/outbox', user: staffUser('super_admin', ['support']), http });
    const table = await screen.findByRole('table', { name: 'Outbox' });
    expect(await within(table).findByText('Failed')).toBeInTheDocument();
    expect(within(table).getByText('Not sent: gave up after 6 tries.')).toBeInTheDocument();
    expect(within(table).getByText('Tries: 6')).toBeInTheDocument();
    expect(within(table).getByText(/Last error: .*550 No such mailbox/)).toBeInTheDocument();

    await userEvent
      .setup()
      .click(
        within(table).getByRole('button', { name: 'Retry: Reset your Hive POS password to clerk@cornermarket.test' }),
      );
    expect(await screen.findByText('The e-mail to clerk@cornermarket.test will be sent again.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/admin/support/outbox/12/retry')).toHaveLength(1);
    // Reloaded: waiting again (the last error stays in view until a try succeeds), no Retry.
    expect(await within(table).findByText('Waiting to be sent.')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^Retry/ })).not.toBeInTheDocument();
  });

  it('a Retry the server refuses (sent meanwhile) says why', async () => {
    const { http } = fakeHttp((config: InternalAxiosRequestConfig) => {
      if (config.url === '/api/admin/me') return me(['support.outbox']);
      if (config.url === '/api/admin/support/outbox/12/retry') {
        return { status: 409, data: { error: 'already_sent', message: 'This message was sent already.' } };
      }
      if (config.url === '/api/admin/support/outbox') return page([failedReset]);
      return empty;
    });
    renderAdmin(<App />, { path: '/admin/support/outbox', user: staffUser('super_admin', ['support']), http });
    await userEvent.setup().click(await screen.findByRole('button', { name: /^Retry: Reset your Hive POS password/ }));
    expect(await screen.findByText('This e-mail was sent already.')).toBeInTheDocument();
  });

  it('without a mail server it says so, in English and Spanish', async () => {
    const waiting: AdminOutboxMessage = { ...failedReset, status: 'pending', attempts: 0, lastError: null };
    const respond = (config: InternalAxiosRequestConfig) => {
      if (config.url === '/api/admin/me') return me(['support.outbox']);
      if (config.url === '/api/admin/support/outbox') return page([waiting], false);
      return empty;
    };
    const { unmount } = renderAdmin(<App />, {
      path: '/admin/support/outbox',
      user: staffUser('super_admin', ['support']),
      http: fakeHttp(respond).http,
    });
    expect(
      await screen.findByText('No mail server is configured (SMTP_URL), so nothing is sent: the e-mails stay here.'),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Outbox' });
    expect(within(table).getByText('Not sent: no mail server is configured.')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^Retry/ })).not.toBeInTheDocument();
    unmount();
    renderAdmin(<App />, {
      path: '/admin/support/outbox',
      user: staffUser('super_admin', ['support']),
      http: fakeHttp(respond).http,
      lng: 'es',
    });
    const tabla = await screen.findByRole('table', { name: 'Bandeja de salida' });
    expect(
      await within(tabla).findByText('No enviado: no hay ningún servidor de correo configurado.'),
    ).toBeInTheDocument();
    expect(within(tabla).getByText('Pendiente')).toBeInTheDocument();
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
