import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ItemImportPreview } from '@hive/shared/schemas/backoffice/catalog';
import type { InternalAxiosRequestConfig } from 'axios';
import App from '../../../App';
import { on, renderInShell, type FakeRoute } from '../../../testing/harness';

const LIST = { rows: [], total: 0, page: 1, pageSize: 20 };

const PREVIEW: ItemImportPreview = {
  rows: [
    {
      row: 2,
      action: 'update',
      itemId: 1,
      name: 'Whole milk 1 l',
      sku: 'MILK-1',
      changes: [
        { field: 'price', old: 150, new: 180 },
        { field: 'stock', warehouse: 'Back room', old: 12, new: 42 },
      ],
    },
    {
      row: 3,
      action: 'create',
      itemId: null,
      name: 'Oat milk',
      sku: 'OAT-1',
      changes: [
        { field: 'name', old: null, new: 'Oat milk' },
        { field: 'price', old: null, new: 249 },
        { field: 'taxes', old: null, new: ['Reduced rate'] },
      ],
    },
  ],
  rowsNotListed: 0,
  creates: 1,
  updates: 1,
  unchanged: 0,
  newCategories: ['Drinks'],
  stockColumns: [{ column: 'On hand: Back room', warehouse: 'Back room' }],
  ignoredColumns: [],
  errors: [],
  errorsNotListed: 0,
  fingerprint: 'abc',
};

const WRONG: ItemImportPreview = {
  ...PREVIEW,
  rows: [],
  creates: 0,
  updates: 0,
  errors: [
    { row: 4, column: 'Precio', code: 'otherSeparator', value: '1.80', message: 'Row 4, Precio: ...' },
    { row: 5, column: 'Impuestos', code: 'unknownTax', value: 'IVA 99', message: 'Row 5, Impuestos: ...' },
  ],
};

/** The import endpoint: the preview for a dry run, the result otherwise. */
const importRoute =
  (preview: ItemImportPreview): FakeRoute =>
  (config: InternalAxiosRequestConfig) => {
    if (config.method !== 'post' || config.url !== '/api/backoffice/items/import') return undefined;
    const body = JSON.parse(String(config.data)) as { dryRun: boolean };
    return body.dryRun
      ? { data: preview }
      : { data: { created: 1, updated: 1, unchanged: 0, categoriesCreated: 1, adjustments: 1 } };
  };

const file = (text: string) => new File([text], 'items.csv', { type: 'text/csv' });
const posts = (calls: { url?: string; method?: string; data?: unknown }[]) =>
  calls
    .filter((c) => c.method === 'post' && c.url === '/api/backoffice/items/import')
    .map((c) => JSON.parse(String(c.data)) as Record<string, unknown>);

describe('items import dialog', () => {
  it('previews what the file creates and changes, and imports only when confirmed', async () => {
    const user = userEvent.setup();
    const { calls } = await renderInShell(<App />, {
      path: '/items',
      routes: [importRoute(PREVIEW), on('GET', '/api/backoffice/items', LIST)],
    });
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = screen.getByRole('dialog', { name: 'Import items from a CSV file' });
    await user.upload(within(dialog).getByLabelText('Choose a CSV file'), file('Name,SKU,Price\nOat milk,OAT-1,2.49'));

    const preview = await within(dialog).findByRole('region', { name: 'What the file does' });
    expect(within(preview).getByText(/^1 new, 1 changed, 0 unchanged/)).toBeInTheDocument();
    expect(within(preview).getByText('New categories: Drinks.')).toBeInTheDocument();
    const table = within(preview).getByRole('table', { name: 'Rows of the file' });
    const milk = within(table).getByRole('row', { name: /Whole milk 1 l/ });
    expect(within(milk).getByText('Price: $1.50 → $1.80')).toBeInTheDocument();
    expect(within(milk).getByText('On hand in Back room: 12 → 42')).toBeInTheDocument();
    const oat = within(table).getByRole('row', { name: /Oat milk/ });
    expect(within(oat).getByRole('rowheader', { name: /New item/ })).toBeInTheDocument();
    expect(within(oat).getByText('Price: $2.49')).toBeInTheDocument();
    expect(within(oat).getByText('Taxes: Reduced rate')).toBeInTheDocument();
    // Only the dry run so far: nothing is written until Import.
    expect(posts(calls)).toEqual([expect.objectContaining({ dryRun: true })]);

    await user.click(within(dialog).getByRole('button', { name: 'Import 2 items' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(2));
    expect(posts(calls)[1]).toMatchObject({ dryRun: false, expected: 'abc', fileName: 'items.csv' });
    expect(await screen.findByText('2 items imported: 1 new, 1 changed.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lists each problem by row and column in Spanish, and offers no import while there are any', async () => {
    const user = userEvent.setup();
    const { calls } = await renderInShell(<App />, {
      path: '/items',
      language: 'es',
      routes: [importRoute(WRONG), on('GET', '/api/backoffice/items', LIST)],
    });
    await user.click(await screen.findByRole('button', { name: 'Importar' }));
    const dialog = screen.getByRole('dialog', { name: 'Importar artículos de un archivo CSV' });
    await user.upload(within(dialog).getByLabelText('Elegir un archivo CSV'), file('Nombre;Precio\nZumo;1.80'));
    const problems = await within(dialog).findByRole('list', { name: 'Problemas del archivo' });
    expect(
      within(problems)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Fila 4, Precio: «1.80»: este archivo escribe los decimales con el otro separador (1,80 en un archivo separado por ;, 1.80 en uno separado por comas).',
      'Fila 5, Impuestos: no hay ningún tipo de impuesto llamado «IVA 99» (Configuración › Impuestos).',
    ]);
    expect(within(dialog).queryByRole('button', { name: /^Importar \d/ })).not.toBeInTheDocument();
    // "Check again" reads the file again (a dry run): never an import.
    await user.click(within(dialog).getByRole('button', { name: 'Volver a revisar el archivo' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(2));
    expect(posts(calls).every((body) => body.dryRun === true)).toBe(true);
  });

  it('refuses a file over 1 MB before sending it', async () => {
    const user = userEvent.setup();
    const { calls } = await renderInShell(<App />, {
      path: '/items',
      routes: [importRoute(PREVIEW), on('GET', '/api/backoffice/items', LIST)],
    });
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    const input = screen.getByLabelText('Choose a CSV file');
    await user.upload(input, file(`Name\n${'x'.repeat(1_000_001)}`));
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The file is larger than 1 MB.');
    expect(input).toHaveAccessibleDescription(/^The file is larger than 1 MB\./);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(posts(calls)).toEqual([]);
  });
});
