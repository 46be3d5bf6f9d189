import { render, screen } from '@testing-library/react';
import { EmptyState, NotAvailable } from './EmptyState';

describe('EmptyState and NotAvailable', () => {
  it('empty state: title, message and action', () => {
    render(<EmptyState title="No customers yet" message="Add the first one." action={<button type="button">New customer</button>} />);
    expect(screen.getByRole('heading', { name: 'No customers yet' })).toBeInTheDocument();
    expect(screen.getByText('Add the first one.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New customer' })).toBeInTheDocument();
  });

  it('"not available yet" is announced as a status with a clear title', () => {
    render(<NotAvailable />);
    expect(screen.getByRole('status')).toHaveTextContent('Not available yet');
    expect(screen.getByRole('heading', { name: 'Not available yet' })).toBeInTheDocument();
  });

  it('takes translated texts', () => {
    render(<NotAvailable title="Aún no disponible" message="Esta página llegará pronto." />);
    expect(screen.getByRole('heading', { name: 'Aún no disponible' })).toBeInTheDocument();
  });
});
