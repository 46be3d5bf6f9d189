import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Overview } from '@hive/shared/schemas/backoffice';
import type { FirstSteps } from '@hive/shared/schemas/backoffice/firstSteps';
import App from '../../App';
import { CLERK, on, renderInShell } from '../../testing/harness';

jest.mock('./SalesChart', () => ({ __esModule: true, default: () => <div data-testid="sales-chart" /> }));

const zero = { value: 0, previous: 0, change: null };
const OVERVIEW: Overview = {
  version: '0',
  currency: 'EUR',
  periods: {
    today: { netSales: zero, receipts: zero, averageTicket: zero, refunds: zero },
    '7d': { netSales: zero, receipts: zero, averageTicket: zero, refunds: zero },
    '30d': { netSales: zero, receipts: zero, averageTicket: zero, refunds: zero },
  },
  salesPerDay: [],
  topItems: [],
};

const NEW_COMPANY: FirstSteps = {
  steps: [
    { key: 'business', path: '/generalinfo', done: true },
    { key: 'tax', path: '/taxes', done: false },
    { key: 'items', path: '/items', done: false },
    { key: 'register', path: '/terminal', done: false },
    { key: 'sale', path: '/transaction', done: false },
  ],
  dismissed: false,
  canDismiss: true,
};

describe('first steps on the overview', () => {
  it('lists each step ticked from the data, linking to its page; hiding it asks the server once', async () => {
    const user = userEvent.setup();
    const { calls } = await renderInShell(<App />, {
      path: '/overview',
      routes: [
        on('GET', '/api/backoffice/overview', OVERVIEW),
        on('GET', '/api/backoffice/first_steps', NEW_COMPANY),
        on('PUT', '/api/backoffice/first_steps', { ...NEW_COMPANY, dismissed: true }),
      ],
    });
    const section = await screen.findByRole('region', { name: 'First steps' });
    expect(within(section).getByText('1 of 5 done')).toBeInTheDocument();
    const items = within(section).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Fill in the business details, done',
      'Add a tax, to do',
      'Add the items you sell, to do',
      'Pair a register, to do',
      'Make the first sale, to do',
    ]);
    expect(within(section).getByRole('link', { name: 'Add a tax' })).toHaveAttribute('href', '/taxes');
    expect(within(section).getByRole('link', { name: 'Pair a register' })).toHaveAttribute('href', '/terminal');
    expect(within(section).getByRole('link', { name: 'Fill in the business details' })).toHaveAttribute(
      'href',
      '/generalinfo',
    );

    await user.click(within(section).getByRole('button', { name: 'Hide the first steps' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'First steps' })).not.toBeInTheDocument());
    const puts = calls.filter((c) => c.method === 'put' && c.url === '/api/backoffice/first_steps');
    expect(puts.map((c) => JSON.parse(String(c.data)))).toEqual([{ dismissed: true }]);
  });

  it('is not shown once every step is done, nor once dismissed', async () => {
    for (const state of [
      { ...NEW_COMPANY, steps: NEW_COMPANY.steps.map((s) => ({ ...s, done: true })) },
      { ...NEW_COMPANY, dismissed: true },
    ]) {
      const { unmount } = await renderInShell(<App />, {
        path: '/overview',
        routes: [on('GET', '/api/backoffice/overview', OVERVIEW), on('GET', '/api/backoffice/first_steps', state)],
      });
      await screen.findByRole('list', { name: 'Key figures' });
      expect(screen.queryByRole('region', { name: 'First steps' })).not.toBeInTheDocument();
      unmount();
    }
  });

  it('in Spanish; without links or the hide button for someone who may not open those pages', async () => {
    await renderInShell(<App />, {
      path: '/overview',
      userData: CLERK,
      language: 'es',
      routes: [
        on('GET', '/api/backoffice/overview', OVERVIEW),
        on('GET', '/api/backoffice/first_steps', { ...NEW_COMPANY, canDismiss: false }),
      ],
    });
    const section = await screen.findByRole('region', { name: 'Primeros pasos' });
    expect(within(section).getByText('1 de 5 hechos')).toBeInTheDocument();
    // The clerk sees the overview alone: the steps are named, not linked to pages it cannot open.
    expect(within(section).getByText('Añade un impuesto')).toBeInTheDocument();
    expect(within(section).queryByRole('link')).not.toBeInTheDocument();
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });
});
