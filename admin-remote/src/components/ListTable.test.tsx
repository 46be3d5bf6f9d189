import { act, fireEvent, screen, within } from '@testing-library/react';
import { createColumnHelper } from '@tanstack/react-table';
import type { InternalAxiosRequestConfig } from 'axios';
import type { Page } from '@hive/shared/schemas/admin';
import { Button, ToastProvider } from '@hive/shared/ui';
import { useAdminList } from '../api';
import { fakeHttp, renderAdmin } from '../testing/renderAdmin.testutil';
import { ListTable } from './ListTable';
import { useRowDialog } from './useRowDialog';

interface Thing {
  id: number;
  name: string;
}
const column = createColumnHelper<Thing>();
const COLUMNS = [column.accessor('name', { header: 'Name' })];

function ThingsPage({ retry = false }: { retry?: boolean }) {
  const list = useAdminList<Page<Thing>, 'status'>('/api/admin/things', ['status']);
  const { busy, run } = useRowDialog<Thing>(list.query.reload);
  return (
    <>
      <ListTable
        list={list}
        caption="Things"
        columns={COLUMNS}
        searchLabel="Search things"
        retry={retry}
        filters={[{ name: 'status', label: 'Status', options: [{ value: 'active', label: 'Active' }] }]}
      />
      <Button disabled={busy} onClick={() => void run(async () => 'Done it')}>
        Do it
      </Button>
    </>
  );
}

function setup(path: string, respond: (config: InternalAxiosRequestConfig) => { status: number; data?: unknown }) {
  const { http, calls } = fakeHttp(respond);
  renderAdmin(
    <ToastProvider>
      <ThingsPage retry />
    </ToastProvider>,
    { path, http },
  );
  const requests = () => calls.filter((c) => c.url === '/api/admin/things').map((c) => c.params as unknown);
  return { requests };
}

const page = (items: Thing[]) => ({ status: 200, data: { items, total: items.length, page: 1, pageSize: 20 } });
const location = () => screen.getByTestId('location').textContent;

describe('ListTable with useAdminList', () => {
  afterEach(() => jest.useRealTimers());

  it('asks for the page in the URL and shows its rows', async () => {
    const { requests } = setup('/admin/things?q=tea&page=2&pageSize=50&status=active', () =>
      page([{ id: 1, name: 'Green tea' }]),
    );
    const table = await screen.findByRole('table', { name: 'Things' });
    expect(await within(table).findByRole('cell', { name: 'Green tea' })).toBeInTheDocument();
    expect(requests()).toEqual([{ q: 'tea', page: 2, pageSize: 50, status: 'active' }]);
    expect(screen.getByRole('searchbox', { name: 'Search things' })).toHaveValue('tea');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('active');
  });

  it('goes back to page 1 on a filter change, and writes the search trimmed once typing pauses', async () => {
    jest.useFakeTimers();
    const { requests } = setup('/admin/things?page=3', () => page([]));
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'active' } });
    expect(location()).toBe('/admin/things?status=active');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search things' }), { target: { value: ' tea ' } });
    act(() => jest.advanceTimersByTime(299));
    expect(location()).toBe('/admin/things?status=active');
    act(() => jest.advanceTimersByTime(1));
    expect(location()).toBe('/admin/things?status=active&q=tea');
    await act(async () => jest.runOnlyPendingTimersAsync());
    expect(requests().at(-1)).toEqual({ q: 'tea', page: 1, pageSize: 20, status: 'active' });
    expect(await screen.findByText('Nothing matches')).toBeInTheDocument();
  });

  it('shows a failure with "Try again", which asks again', async () => {
    let fail = true;
    const { requests } = setup('/admin/things', () =>
      fail ? { status: 500, data: {} } : page([{ id: 1, name: 'Tea' }]),
    );
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByRole('cell', { name: 'Tea' })).toBeInTheDocument();
    expect(requests()).toHaveLength(2);
  });

  it('runs a row action: toasts what it returns and reloads the list', async () => {
    const { requests } = setup('/admin/things', () => page([]));
    await screen.findByText('Nothing matches');
    fireEvent.click(screen.getByRole('button', { name: 'Do it' }));
    expect(await screen.findByText('Done it')).toBeInTheDocument();
    expect(requests()).toHaveLength(2);
  });
});
