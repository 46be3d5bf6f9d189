import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ColumnDef } from '@tanstack/react-table';
import { DataTable, type DataTableProps } from './DataTable';

interface Row {
  id: number;
  name: string;
  price: number;
}

const columns: ColumnDef<Row, unknown>[] = [
  { id: 'name', accessorKey: 'name', header: 'Name' },
  { id: 'price', accessorKey: 'price', header: 'Price', meta: { align: 'right' } },
  {
    id: 'actions',
    header: 'Actions',
    enableSorting: false,
    cell: ({ row }) => <button type="button">Edit {row.original.name}</button>,
  },
];

const rows: Row[] = [
  { id: 1, name: 'Apple', price: 1 },
  { id: 2, name: 'Bread', price: 2.5 },
];

function setup(props: Partial<DataTableProps<Row>> = {}) {
  const handlers = { onSortChange: jest.fn(), onPageChange: jest.fn(), onPageSizeChange: jest.fn() };
  render(
    <DataTable<Row>
      caption="Items"
      columns={columns}
      data={rows}
      total={45}
      page={1}
      pageSize={20}
      sort={{ id: 'name', desc: false }}
      getRowId={(r) => String(r.id)}
      {...handlers}
      {...props}
    />,
  );
  return handlers;
}

describe('DataTable', () => {
  it('a short list shown whole has no range or page buttons under it', () => {
    setup({ total: 2, pageSize: 2, unpaged: true });
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
    expect(screen.queryByText('1–2 of 2')).toBeNull();
  });

  it('renders the rows it is given under a named table', () => {
    setup();
    const table = screen.getByRole('table', { name: 'Items' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('cell', { name: 'Bread' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Apple' })).toBeInTheDocument();
  });

  it('sortable headers are buttons in th[aria-sort]; clicking asks the server for the other order', async () => {
    const { onSortChange } = setup();
    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: /Price/ })).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Actions' })).not.toHaveAttribute('aria-sort');
    expect(within(screen.getByRole('columnheader', { name: 'Actions' })).queryByRole('button')).toBeNull();

    await userEvent.click(within(nameHeader).getByRole('button'));
    expect(onSortChange).toHaveBeenLastCalledWith({ id: 'name', desc: true });
    await userEvent.click(screen.getByRole('button', { name: /Price/ }));
    expect(onSortChange).toHaveBeenLastCalledWith({ id: 'price', desc: false });
  });

  it('a descending column goes back to ascending', async () => {
    const { onSortChange } = setup({ sort: { id: 'price', desc: true } });
    expect(screen.getByRole('columnheader', { name: /Price/ })).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(screen.getByRole('button', { name: /Price/ }));
    expect(onSortChange).toHaveBeenLastCalledWith({ id: 'price', desc: false });
  });

  it('paginates on the server: range, page count, previous/next and page size', async () => {
    const { onPageChange, onPageSizeChange } = setup({ page: 2 });
    expect(screen.getByText('21–40 of 45')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
    await userEvent.selectOptions(screen.getByLabelText('Rows per page'), '50');
    expect(onPageSizeChange).toHaveBeenLastCalledWith(50);
  });

  it('disables previous on the first page and next on the last', () => {
    setup({ page: 3 });
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeEnabled();
  });

  it('shows the empty state, the error, or a loading text instead of rows', () => {
    const { unmount } = render(
      <DataTable<Row>
        caption="Items"
        columns={columns}
        data={[]}
        total={0}
        page={1}
        pageSize={20}
        sort={null}
        onSortChange={jest.fn()}
        onPageChange={jest.fn()}
        empty={<span>No items yet</span>}
      />,
    );
    expect(screen.getByText('No items yet')).toBeInTheDocument();
    expect(screen.getByText('0–0 of 0')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    unmount();
    setup({ error: <span role="alert">Could not load</span> });
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load');
    expect(screen.queryByRole('cell', { name: 'Apple' })).not.toBeInTheDocument();
  });

  it('keeps rows visible while a new page loads and marks the table busy', () => {
    setup({ loading: true });
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('cell', { name: 'Apple' })).toBeInTheDocument();
    expect(screen.getByText('1–20 of 45')).toBeInTheDocument();
  });

  it('does not announce an empty range while the first page is loading', () => {
    setup({ data: [], total: 0, loading: true });
    expect(screen.getByRole('cell', { name: 'Loading…' })).toBeInTheDocument();
    expect(screen.queryByText(/ of 0$/)).not.toBeInTheDocument();
  });

  it('with cards, a row reads as a card on a phone: its title cell, then its key cells with their headers', () => {
    setup({ cards: { title: 'name', keys: ['price'] } });
    const table = screen.getByRole('table', { name: 'Items' });
    // The container whose width switches the layout.
    expect(table.closest('[class~="host"]')).not.toBeNull();
    const row = screen.getByRole('cell', { name: 'Bread' }).closest('tr')!;
    expect(within(row).getByRole('cell', { name: 'Bread' })).toHaveAttribute('data-card', 'title');
    expect(within(row).getByRole('cell', { name: '2.5' })).toHaveAttribute('data-label', 'Price');
    // Out of the card: the columns not named.
    expect(within(row).getByRole('button', { name: 'Edit Bread' }).closest('td')).not.toHaveAttribute('data-card');
  });

  it('without cards, no cell takes part in one', () => {
    setup();
    expect(screen.getByRole('cell', { name: 'Bread' })).not.toHaveAttribute('data-card');
    expect(screen.getByRole('table').closest('[class~="host"]')).toBeNull();
  });

  it('takes translated labels', () => {
    setup({ labels: { next: 'Página siguiente', pageOf: (page, pages) => `Página ${page} de ${pages}` } });
    expect(screen.getByRole('button', { name: 'Página siguiente' })).toBeInTheDocument();
    expect(screen.getByText('Página 1 de 3')).toBeInTheDocument();
  });
});
