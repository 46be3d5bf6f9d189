import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_QB_MAPPING, type QbPreview, type QbSettings } from '@hive/shared/schemas/backoffice/sales';
import App from '../../../App';
import { everyPermission, on, renderInShell, type FakeRoute } from '../../../testing/harness';

const ATLAS = {
  user: { user_id: 6, email: 'owner@atlas.test', admin: false, role: 'admin', permissions: everyPermission() },
  license: { name: 'Invoice' },
  addons: ['Invoicing'],
};
const SETTINGS: QbSettings = {
  mapping: DEFAULT_QB_MAPPING,
  paymentTypes: [{ id: 1, name: 'Cash' }],
  today: '2026-11-23',
};
const PREVIEW: QbPreview = {
  fileName: 'quickbooks-sales-2026-10-25-to-2026-11-23.csv',
  columns: ['JournalNo', 'JournalDate', 'AccountName', 'Debits', 'Credits', 'Description', 'Name'],
  rows: [
    ['SALES-2026-11-23', '11/23/2026', 'Undeposited Funds', '121.00', '', 'Register sales 2026-11-23', ''],
    ['SALES-2026-11-23', '11/23/2026', 'Sales', '', '100.00', 'Register sales 2026-11-23', ''],
  ],
  totalRows: 3,
  totals: [
    { label: 'debits', cents: 12_100 },
    { label: 'credits', cents: 12_100 },
  ],
  entries: 1,
};

function renderQb(path = '/quickbooks', routes: FakeRoute[] = [], language: 'en' | 'es' = 'en') {
  return renderInShell(<App />, {
    path,
    language,
    userData: ATLAS,
    routes: [
      ...routes,
      on('GET', '/api/backoffice/quickbooks/settings', SETTINGS),
      on('GET', '/api/backoffice/quickbooks/preview', PREVIEW),
    ],
  });
}

describe('Sales › QuickBooks', () => {
  it('previews the chosen file: its rows, and debits equal to credits; the choices stay in the URL', async () => {
    const user = userEvent.setup();
    const { calls } = await renderQb('/quickbooks?kind=sales&format=csv&from=2026-10-25&to=2026-11-23');
    await user.click(await screen.findByRole('button', { name: 'Preview' }));
    const table = await screen.findByRole('table', { name: 'The first rows of the file' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText(/Debits \$121\.00 · Credits \$121\.00/)).toBeInTheDocument();
    expect(screen.getByText('The first 2 of 3 rows are shown; the file has them all.')).toBeInTheDocument();
    expect(calls.find((c) => c.url?.includes('preview'))!.params).toEqual({
      kind: 'sales',
      format: 'csv',
      from: '2026-10-25',
      to: '2026-11-23',
    });
  });

  it('saves the account mapping; an empty account is refused before anything is sent', async () => {
    const user = userEvent.setup();
    const { calls } = await renderQb('/quickbooks', [
      on('PUT', '/api/backoffice/quickbooks/settings', DEFAULT_QB_MAPPING),
    ]);
    const income = await screen.findByRole('textbox', { name: /^Sales income/ });
    await user.clear(income);
    await user.click(screen.getByRole('button', { name: 'Save the accounts' }));
    expect(income).toHaveAccessibleDescription(/required/);
    expect(calls.some((c) => c.method === 'put')).toBe(false);
    await user.type(income, 'Consulting Income');
    await user.type(screen.getByRole('textbox', { name: /^Payments by Cash/ }), 'Petty Cash');
    await user.click(screen.getByRole('button', { name: 'Save the accounts' }));
    expect(await screen.findByText('The accounts were saved.')).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.method === 'put')!.data))).toEqual({
      ...DEFAULT_QB_MAPPING,
      income: 'Consulting Income',
      paymentAccounts: { '1': 'Petty Cash' },
    });
  });

  it('reads in Spanish', async () => {
    await renderQb('/quickbooks', [], 'es');
    expect(await screen.findByRole('heading', { level: 2, name: 'Cuentas' })).toBeInTheDocument();
  });
});
