import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ListResponse } from '@hive/shared/schemas/backoffice';
import type { TaxRate } from '@hive/shared/schemas/backoffice/settings';
import App from '../../../App';
import { COMPANY, on, renderInShell } from '../../../testing/harness';

const EMPTY: ListResponse<TaxRate> = { rows: [], total: 0, page: 1, pageSize: 20 };

/** A new tax rate starts as the company's prices carry tax (sign-up proposes it from the country). */
describe('Settings › Taxes › new rate', () => {
  it('starts "included in the price" for a company whose prices include VAT; the merchant may change it', async () => {
    const user = userEvent.setup();
    await renderInShell(<App />, {
      path: '/taxes?edit=new',
      language: 'es',
      routes: [
        on('GET', '/api/backoffice/company', {
          ...COMPANY,
          currency: 'EUR',
          timezone: 'Europe/Madrid',
          taxMode: 'included',
        }),
        on('GET', '/api/backoffice/tax_rates', EMPTY),
      ],
    });
    const included = await screen.findByRole('radio', { name: /^Incluido en el precio/ });
    await waitFor(() => expect(included).toBeChecked());
    const added = screen.getByRole('radio', { name: /^Añadido al precio/ });
    await user.click(added);
    expect(added).toBeChecked();
  });

  it('starts "added to the price" for a company that adds sales tax', async () => {
    await renderInShell(<App />, {
      path: '/taxes?edit=new',
      routes: [
        on('GET', '/api/backoffice/company', { ...COMPANY, taxMode: 'added' }),
        on('GET', '/api/backoffice/tax_rates', EMPTY),
      ],
    });
    expect(await screen.findByRole('radio', { name: /^Added to the price/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /^Included in the price/ })).not.toBeChecked();
  });
});
