import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { useSearchParamsUpdate } from './useSearchParamsUpdate';

let update: ReturnType<typeof useSearchParamsUpdate>[1];

function Probe() {
  update = useSearchParamsUpdate()[1];
  return <output aria-label="search">{useLocation().search}</output>;
}

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Probe />
    </MemoryRouter>,
  );
}

describe('useSearchParamsUpdate', () => {
  it('keeps both of two changes made before a render (an item, then a warehouse)', () => {
    renderAt('/stock_movement?period=last_30_days');
    act(() => {
      update((next) => next.set('item', '116'));
      update((next) => next.set('warehouse', '30'));
    });
    expect(screen.getByRole('status', { name: 'search' })).toHaveTextContent(
      '?period=last_30_days&item=116&warehouse=30',
    );
  });

  it('builds on the rendered URL once a render has shown the last change', () => {
    renderAt('/stock?q=tea');
    act(() => update((next) => next.set('low', '1')));
    act(() => update((next) => next.delete('q')));
    expect(screen.getByRole('status', { name: 'search' })).toHaveTextContent(/^\?low=1$/);
  });
});

describe('useSearchParamsUpdate after Back', () => {
  it('starts from the URL shown, not from a change the history left behind', () => {
    let navigate: ReturnType<typeof useNavigate>;
    function Back() {
      navigate = useNavigate();
      return null;
    }
    render(
      <MemoryRouter initialEntries={['/stock?q=tea']}>
        <Probe />
        <Back />
      </MemoryRouter>,
    );
    act(() => update((next) => next.set('low', '1')));
    act(() => navigate(-1));
    act(() => update((next) => next.set('warehouse', '2')));
    expect(screen.getByRole('status', { name: 'search' })).toHaveTextContent(/^\?q=tea&warehouse=2$/);
  });
});
