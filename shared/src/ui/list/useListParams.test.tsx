import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { useListParams, type ListParamsOptions } from './useListParams';

type Sort = 'name' | 'price';
type Filter = 'status' | 'edit';
let list: ReturnType<typeof useListParams<Sort, Filter>>;
let navigate: ReturnType<typeof useNavigate>;

const OPTIONS: ListParamsOptions<Sort, Filter> = {
  sorts: ['name', 'price'],
  defaultSort: 'name',
  filters: ['status', 'edit'],
  accept: { edit: (value) => value === 'new' || /^[1-9]\d*$/.test(value) },
  defaultPageSize: 20,
  pageSizes: [10, 20, 50],
  pageSizeKey: 'size',
};

function Probe({ options }: { options: ListParamsOptions<Sort, Filter> }) {
  list = useListParams(options);
  navigate = useNavigate();
  return (
    <>
      <output aria-label="search">{useLocation().search}</output>
      <output aria-label="params">{JSON.stringify(list.params)}</output>
    </>
  );
}

function renderAt(url: string, options = OPTIONS) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Probe options={options} />
    </MemoryRouter>,
  );
}

const url = () => screen.getByRole('status', { name: 'search' }).textContent;
const params = () => JSON.parse(screen.getByRole('status', { name: 'params' }).textContent ?? '{}') as unknown;

describe('useListParams', () => {
  afterEach(() => jest.useRealTimers());

  it('reads the list state from the URL', () => {
    renderAt('/items?q=tea&sort=price&dir=desc&page=3&size=50&status=active&edit=12');
    expect(params()).toEqual({
      search: 'tea',
      sort: 'price',
      dir: 'desc',
      page: 3,
      pageSize: 50,
      filters: { status: 'active', edit: '12' },
    });
  });

  it('falls back to the defaults for anything odd in the URL', () => {
    renderAt('/items?sort=secret&dir=up&page=-2&size=7&edit=drop');
    expect(params()).toEqual({
      search: '',
      sort: 'name',
      dir: 'asc',
      page: 1,
      pageSize: 20,
      filters: { status: '', edit: '' },
    });
  });

  it('takes any page size up to the maximum when no sizes are listed', () => {
    renderAt('/items?pageSize=35', { defaultPageSize: 20, maxPageSize: 100 });
    expect(params()).toMatchObject({ pageSize: 35 });
  });

  it('goes back to page 1 on a filter or page size change and leaves defaults out of the URL', () => {
    renderAt('/items?page=4');
    act(() => list.setFilter('status', 'locked'));
    expect(url()).toBe('?status=locked');
    act(() => list.setPage(2));
    act(() => list.setPageSize(50));
    expect(url()).toBe('?status=locked&size=50');
    act(() => list.update({ sort: 'name', dir: 'asc', status: null, pageSize: 20 }));
    expect(url()).toBe('');
  });

  it('writes the search to the URL once typing has paused, on page 1', () => {
    jest.useFakeTimers();
    renderAt('/items?page=2');
    act(() => list.setSearchText('te'));
    act(() => jest.advanceTimersByTime(200));
    act(() => list.setSearchText('tea'));
    act(() => jest.advanceTimersByTime(299));
    expect(url()).toBe('?page=2');
    act(() => jest.advanceTimersByTime(1));
    expect(url()).toBe('?q=tea');
    expect(list.searchText).toBe('tea');
  });

  it('trims the search when asked, keeping the space being typed in the box', () => {
    jest.useFakeTimers();
    renderAt('/items', { ...OPTIONS, trimSearch: true });
    act(() => list.setSearchText(' tea '));
    act(() => jest.advanceTimersByTime(300));
    expect(url()).toBe('?q=tea');
    expect(list.searchText).toBe(' tea ');
  });

  it('shows a search that comes from outside (back button, a link) in the box', () => {
    jest.useFakeTimers();
    renderAt('/items?q=tea');
    act(() => navigate('/items?q=coffee'));
    expect(list.searchText).toBe('coffee');
    act(() => jest.advanceTimersByTime(300));
    expect(url()).toBe('?q=coffee');
  });

  it('adds a history entry per change', () => {
    renderAt('/items');
    act(() => list.setPage(2));
    act(() => navigate(-1));
    expect(url()).toBe('');
  });

  it('replaces the history entry when asked (the admin console)', () => {
    renderAt('/items', { ...OPTIONS, replace: true });
    act(() => list.setPage(2));
    act(() => navigate(-1));
    expect(url()).toBe('?page=2');
  });
});
