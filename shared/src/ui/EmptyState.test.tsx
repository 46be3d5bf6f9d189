import { render, screen } from '@testing-library/react';
import { EmptyState } from './EmptyState';

describe('EmptyState', () => {
  it('empty state: title, message and action', () => {
    render(
      <EmptyState
        title="No customers yet"
        message="Add the first one."
        action={<button type="button">New customer</button>}
      />,
    );
    expect(screen.getByRole('heading', { name: 'No customers yet' })).toBeInTheDocument();
    expect(screen.getByText('Add the first one.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New customer' })).toBeInTheDocument();
  });
});
