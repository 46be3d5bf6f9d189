import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { PageFrame } from './PageFrame';

describe('PageFrame', () => {
  it('shows the title as the page heading, the breadcrumb and the actions', () => {
    render(
      <MemoryRouter>
        <PageFrame
          title="Items"
          breadcrumb={[
            { label: 'Products catalog', to: '/items' },
            { label: 'Items', to: '/items' },
          ]}
          actions={<button type="button">New item</button>}
        >
          <p>body</p>
        </PageFrame>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Items' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Items' })).toContainElement(screen.getByText('body'));
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(crumbs).toContainElement(screen.getByRole('link', { name: 'Products catalog' }));
    // The last crumb is the current page and never a link.
    const current = screen.getAllByText('Items').find((el) => el.getAttribute('aria-current') === 'page');
    expect(current?.tagName).toBe('SPAN');
    expect(screen.getByRole('button', { name: 'New item' })).toBeInTheDocument();
  });

  it('sets and restores the document title', () => {
    document.title = 'Before';
    const { unmount } = render(
      <MemoryRouter>
        <PageFrame title="Overview" documentTitleSuffix="Hive POS" />
      </MemoryRouter>,
    );
    expect(document.title).toBe('Overview · Hive POS');
    unmount();
    expect(document.title).toBe('Before');
  });

  it('renders no breadcrumb navigation without crumbs', () => {
    render(
      <MemoryRouter>
        <PageFrame title="Print view" />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
