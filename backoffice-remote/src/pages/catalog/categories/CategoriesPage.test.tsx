import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Category, ListResponse } from '@hive/shared/schemas/backoffice';
import App from '../../../App';
import { on, renderInShell } from '../../../testing/harness';

const LIST: ListResponse<Category> = {
  rows: [
    { id: 1, name: 'Beverages', color: '#2563eb', position: 1, itemCount: 7, updatedAt: 0 },
    { id: 2, name: 'Snacks', color: '#f59e0b', position: 2, itemCount: 0, updatedAt: 0 },
  ],
  total: 2,
  page: 1,
  pageSize: 20,
};

describe('categories page', () => {
  it('lists colour and item count, sorted by position by default', async () => {
    const { calls } = await renderInShell(<App />, {
      path: '/categories',
      routes: [on('GET', '/api/backoffice/categories', LIST)],
    });
    const table = await screen.findByRole('table', { name: 'Categories' });
    const row = (await within(table).findByRole('cell', { name: 'Beverages' })).closest('tr')!;
    expect(row).toHaveTextContent('#2563eb');
    expect(row).toHaveTextContent('7');
    expect(screen.getByRole('columnheader', { name: /Position/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(calls.find((c) => c.url === '/api/backoffice/categories')?.params).toMatchObject({
      sort: 'position',
      dir: 'asc',
    });
  });

  it('the form checks the colour and position, then creates', async () => {
    const user = userEvent.setup();
    const created: Category = { id: 3, name: 'Frozen', color: '#0ea5e9', position: 3, itemCount: 0, updatedAt: 0 };
    const { calls } = await renderInShell(<App />, {
      path: '/categories?edit=new',
      routes: [on('POST', '/api/backoffice/categories', created, 201), on('GET', '/api/backoffice/categories', LIST)],
    });
    const colour = await screen.findByRole('textbox', { name: /^Colour/ });
    await user.clear(colour);
    await user.type(colour, 'blue');
    await user.clear(screen.getByRole('textbox', { name: /^Position/ }));
    await user.type(screen.getByRole('textbox', { name: /^Position/ }), '1.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a colour like #1f2937.')).toBeInTheDocument();
    expect(screen.getByText('Enter a whole number.')).toBeInTheDocument();
    expect(screen.getByText('This field is required.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'post')).toBe(false);

    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Frozen');
    await user.clear(colour);
    await user.type(colour, '#0ea5e9');
    await user.clear(screen.getByRole('textbox', { name: /^Position/ }));
    await user.type(screen.getByRole('textbox', { name: /^Position/ }), '3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'post')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.method === 'post')!.data))).toEqual({
      name: 'Frozen',
      color: '#0ea5e9',
      position: 3,
    });
    expect(await screen.findByText('“Frozen” was added.')).toBeInTheDocument();
  });

  it('in Spanish the position is read the Spanish way: a fraction is refused, a whole number sent', async () => {
    const user = userEvent.setup();
    const created: Category = { id: 3, name: 'Congelados', color: '#2563eb', position: 12, itemCount: 0, updatedAt: 0 };
    const { calls } = await renderInShell(<App />, {
      path: '/categories?edit=new',
      language: 'es',
      routes: [on('POST', '/api/backoffice/categories', created, 201), on('GET', '/api/backoffice/categories', LIST)],
    });
    await user.type(await screen.findByRole('textbox', { name: /^Nombre/ }), 'Congelados');
    const position = screen.getByRole('textbox', { name: /^Posición/ });
    expect(position).toHaveValue('0');
    await user.clear(position);
    await user.type(position, '2,5');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(position).toHaveAccessibleDescription(/Introduce un número entero\.$/);
    expect(calls.some((c) => c.method === 'post')).toBe(false);
    await user.clear(position);
    await user.type(position, '12');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'post')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.method === 'post')!.data))).toMatchObject({ position: 12 });
  });

  it('in English a decimal comma in the position is refused on its field, with how to write it', async () => {
    const user = userEvent.setup();
    const { calls } = await renderInShell(<App />, {
      path: '/categories?edit=new',
      routes: [on('GET', '/api/backoffice/categories', LIST)],
    });
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Frozen');
    const position = screen.getByRole('textbox', { name: /^Position/ });
    await user.clear(position);
    await user.type(position, '1,80');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(position).toHaveAccessibleDescription(/Use a point for decimals, like 1\.80\.$/);
    expect(calls.some((c) => c.method === 'post')).toBe(false);
  });
});
