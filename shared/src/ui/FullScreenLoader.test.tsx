import { render, screen } from '@testing-library/react';
import { FullScreenLoader } from './FullScreenLoader';

describe('FullScreenLoader', () => {
  it('announces "Loading" by default', () => {
    render(<FullScreenLoader />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading');
    expect(status).toHaveAttribute('aria-busy', 'true');
  });

  it('shows the given text', () => {
    render(<FullScreenLoader text="Cargando" className="x" />);
    expect(screen.getByRole('status')).toHaveTextContent('Cargando');
    expect(screen.getByRole('status')).toHaveClass('x');
  });
});
