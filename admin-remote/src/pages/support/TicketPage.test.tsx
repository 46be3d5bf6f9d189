import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import type { AdminTicketDetail } from '@hive/shared/schemas/admin';
import App from '../../App';
import { fakeHttp, renderAdmin, staffUser } from '../../testing/renderAdmin.testutil';

const me = (role: string, rights: string[]) => ({
  status: 200,
  data: {
    user: { id: 1, email: `${role}@hive.test`, role, roleLabel: role },
    permissions: ['view_support_menu', 'view_companies_menu'],
    rights,
  },
});

const REQUEST: AdminTicketDetail = {
  id: 9,
  ref: 'HIVE-1009',
  company: { id: 4, name: 'Tiny Kiosk' },
  subject: 'Plan change request: Retail with Kiosk, Loyalty',
  status: 'open',
  createdAt: '2026-11-30T10:00:00Z',
  updatedAt: '2026-11-30T10:00:00Z',
  messages: [
    {
      id: 1,
      author: 'owner@tinykiosk.test',
      fromStaff: false,
      body: 'Current plan: Retail, no add-ons.\nRequested plan: Retail with Kiosk, Loyalty.',
      createdAt: '2026-11-30T10:00:00Z',
    },
  ],
  planRequest: { license: 'Retail', addons: ['Kiosk', 'Loyalty'], appliedAt: null, appliedBy: null },
};
const APPLIED: AdminTicketDetail = {
  ...REQUEST,
  status: 'closed',
  planRequest: { ...REQUEST.planRequest!, appliedAt: '2026-12-01T09:30:00Z', appliedBy: 'super@hive.test' },
};

describe('a support ticket', () => {
  it('a plan request shows the plan asked for; Apply confirms, applies it and shows the ticket applied', async () => {
    let current = REQUEST;
    const { http, calls } = fakeHttp((config: InternalAxiosRequestConfig) => {
      if (config.url === '/api/admin/me') return me('super_admin', ['companies.plan', 'support.write']);
      if (config.url === '/api/admin/support/9/apply-plan' && config.method === 'post') {
        current = APPLIED;
        return { status: 200, data: APPLIED };
      }
      if (config.url === '/api/admin/support/9') return { status: 200, data: current };
      return { status: 404, data: { error: 'not_found' } };
    });
    renderAdmin(<App />, { path: '/admin/support/9', user: staffUser('super_admin', ['support']), http });
    const card = await screen.findByRole('region', { name: 'Plan requested' });
    expect(within(card).getByText('Kiosk, Loyalty')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Apply plan' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Apply the requested plan?' });
    expect(dialog).toHaveTextContent('Tiny Kiosk moves to Retail + Kiosk, Loyalty.');
    await user.click(within(dialog).getByRole('button', { name: 'Apply plan' }));
    expect(await screen.findByText('Plan applied: Tiny Kiosk now has Retail + Kiosk, Loyalty.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/admin/support/9/apply-plan')).toHaveLength(1);
    await waitFor(() => expect(within(card).queryByRole('button', { name: 'Apply plan' })).toBeNull());
    expect(within(card).getByText(/^Applied .* by super@hive\.test\.$/)).toBeInTheDocument();
  });

  it('says so when someone applied it meanwhile (409), and shows it applied', async () => {
    let current = REQUEST;
    const { http } = fakeHttp((config: InternalAxiosRequestConfig) => {
      if (config.url === '/api/admin/me') return me('super_admin', ['companies.plan', 'support.write']);
      if (config.url === '/api/admin/support/9/apply-plan') {
        current = APPLIED;
        return { status: 409, data: { error: 'already_applied', message: 'This plan request was applied already.' } };
      }
      if (config.url === '/api/admin/support/9') return { status: 200, data: current };
      return { status: 404, data: {} };
    });
    renderAdmin(<App />, { path: '/admin/support/9', user: staffUser('super_admin', ['support']), http });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Apply plan' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Apply plan' }));
    expect(await screen.findByText('This plan request was applied already. Reload the ticket.')).toBeInTheDocument();
    expect(await screen.findByText(/^Applied .* by super@hive\.test\.$/)).toBeInTheDocument();
  });

  it('support staff without the plan right see the request but no Apply', async () => {
    const { http } = fakeHttp((config: InternalAxiosRequestConfig) => {
      if (config.url === '/api/admin/me') return me('support', ['support.write']);
      if (config.url === '/api/admin/support/9') return { status: 200, data: REQUEST };
      return { status: 404, data: {} };
    });
    renderAdmin(<App />, { path: '/admin/support/9', user: staffUser('support', ['support']), http });
    const card = await screen.findByRole('region', { name: 'Plan requested' });
    expect(
      await within(card).findByText('Applying it needs the right to change company plans (billing or admin).'),
    ).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Apply plan' })).toBeNull();
  });

  it('a conversation has no plan card', async () => {
    const { http } = fakeHttp((config: InternalAxiosRequestConfig) => {
      if (config.url === '/api/admin/me') return me('super_admin', ['companies.plan', 'support.write']);
      if (config.url === '/api/admin/support/9') return { status: 200, data: { ...REQUEST, planRequest: null } };
      return { status: 404, data: {} };
    });
    renderAdmin(<App />, { path: '/admin/support/9', user: staffUser('super_admin', ['support']), http });
    expect(await screen.findByRole('list', { name: 'Conversation' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Plan requested' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Apply plan' })).toBeNull();
  });

  it('in Spanish', async () => {
    const { http } = fakeHttp((config: InternalAxiosRequestConfig) => {
      if (config.url === '/api/admin/me') return me('super_admin', ['companies.plan', 'support.write']);
      if (config.url === '/api/admin/support/9') return { status: 200, data: REQUEST };
      return { status: 404, data: {} };
    });
    renderAdmin(<App />, { path: '/admin/support/9', user: staffUser('super_admin', ['support']), http, lng: 'es' });
    const card = await screen.findByRole('region', { name: 'Plan solicitado' });
    expect(within(card).getByRole('button', { name: 'Aplicar plan' })).toBeInTheDocument();
  });
});
