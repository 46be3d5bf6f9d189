import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InvoiceOptions, Recurring } from '@hive/shared/schemas/backoffice/sales';
import App from '../../../App';
import { everyPermission, on, renderInShell, type FakeRoute } from '../../../testing/harness';

const ATLAS = {
  user: { user_id: 6, email: 'owner@atlas.test', admin: false, role: 'admin', permissions: everyPermission() },
  license: { name: 'Invoice' },
  addons: ['Invoicing'],
};
const TEMPLATE: Recurring = {
  id: 4,
  customerId: 1,
  customer: { id: 1, name: 'Quinn Alvarez', email: 'quinn@example.com' },
  frequency: 'monthly',
  interval: 1,
  startDate: '2026-11-28',
  endDate: null,
  dueDays: 30,
  autoSend: true,
  lines: [
    {
      itemId: null,
      description: 'Retainer',
      quantityHundredths: 100,
      unitPriceCents: 250_000,
      discountCents: 0,
      taxRateIds: [],
    },
  ],
  discountCents: 0,
  notes: '',
  status: 'active',
  nextRun: '2026-11-28',
  invoicesCreated: 0,
  lastInvoice: null,
  lastError: '',
  updatedAt: 1,
};
const OPTIONS: InvoiceOptions = {
  customers: [{ id: 1, name: 'Quinn Alvarez', email: 'quinn@example.com' }],
  items: [],
  taxRates: [],
  paymentTypes: [],
  currency: 'USD',
  today: '2026-11-23',
};

function renderRecurring(path = '/recurring', routes: FakeRoute[] = [], language: 'en' | 'es' = 'en') {
  return renderInShell(<App />, {
    path,
    language,
    userData: ATLAS,
    routes: [
      ...routes,
      on('GET', '/api/backoffice/recurring_invoices', { rows: [TEMPLATE] }),
      on('GET', '/api/backoffice/recurring_invoices/4', TEMPLATE),
      on('GET', '/api/backoffice/customer_invoices/options', OPTIONS),
    ],
  });
}

describe('Sales › Recurring invoices', () => {
  it('lists templates with how often they repeat, their amount and next invoice', async () => {
    await renderRecurring();
    const table = await screen.findByRole('table', { name: 'Recurring invoices' });
    const row = await within(table).findByRole('row', { name: /Quinn Alvarez/ });
    expect(row).toHaveTextContent('Every month');
    expect(row).toHaveTextContent('$2,500.00');
    expect(row).toHaveTextContent('2026-11-28');
    expect(row).toHaveTextContent('Active');
  });

  it('a new template is sent with its schedule and lines; a bad interval is refused on its field', async () => {
    const user = userEvent.setup();
    const { calls } = await renderRecurring('/recurring?edit=new', [
      on('POST', '/api/backoffice/recurring_invoices', TEMPLATE, 201),
    ]);
    await user.selectOptions(
      await screen.findByRole('combobox', { name: /^Customer/ }),
      'Quinn Alvarez (quinn@example.com)',
    );
    await user.selectOptions(screen.getByRole('combobox', { name: /^Repeats/ }), 'Weekly');
    const every = screen.getByRole('textbox', { name: /^Every/ });
    await user.clear(every);
    await user.type(every, '0');
    const line = screen.getByRole('group', { name: 'Line 1' });
    await user.type(within(line).getByRole('textbox', { name: /^Description/ }), 'Coaching');
    await user.type(within(line).getByRole('textbox', { name: /^Unit price/ }), '300');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(every).toHaveAccessibleDescription(/Enter 1 or more\./);
    expect(calls.some((c) => c.method === 'post')).toBe(false);
    await user.clear(every);
    await user.type(every, '2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The recurring invoice for Quinn Alvarez was saved.')).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.method === 'post')!.data))).toMatchObject({
      customerId: 1,
      frequency: 'weekly',
      interval: 2,
      startDate: '2026-11-23',
      endDate: null,
      dueDays: 30,
      autoSend: false,
      lines: [
        {
          itemId: null,
          description: 'Coaching',
          quantityHundredths: 100,
          unitPriceCents: 30_000,
          discountCents: 0,
          taxRateIds: [],
        },
      ],
    });
  });

  it('an active template can be paused (with a JSON body)', async () => {
    const user = userEvent.setup();
    const { calls } = await renderRecurring('/recurring?edit=4', [
      on('POST', '/api/backoffice/recurring_invoices/4/pause', { ...TEMPLATE, status: 'paused' }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('Paused: no invoices until you resume it.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'post')!.data).toBe('{}');
  });

  it('reads in Spanish', async () => {
    await renderRecurring('/recurring', [], 'es');
    const table = await screen.findByRole('table', { name: 'Facturas recurrentes' });
    expect(await within(table).findByRole('row', { name: /Quinn Alvarez/ })).toHaveTextContent('Cada mes');
  });
});
