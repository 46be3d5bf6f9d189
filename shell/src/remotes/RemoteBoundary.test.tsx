import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { RemoteBoundary } from './RemoteBoundary';

function Flaky({ broken }: { broken: boolean }) {
  if (broken) throw new Error('boom');
  return <p>remote content</p>;
}

function Harness() {
  const [broken, setBroken] = useState(true);
  return (
    <RemoteBoundary
      onRetry={() => setBroken(false)}
      fallback={(error, retry) => (
        <div role="alert">
          {error.message}
          <button onClick={retry}>Try again</button>
        </div>
      )}
    >
      <Flaky broken={broken} />
    </RemoteBoundary>
  );
}

describe('RemoteBoundary', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('shows the fallback when the remote throws, and the remote again after retry', async () => {
    render(<Harness />);
    expect(screen.getByRole('alert')).toHaveTextContent('boom');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('remote content')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
