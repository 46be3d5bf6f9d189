import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Alert, ToastProvider, useToast, type ToastApi } from './Toast';

function Capture({ onApi }: { onApi: (api: ToastApi) => void }) {
  onApi(useToast());
  return null;
}

function setup() {
  let api!: ToastApi;
  render(
    <ToastProvider>
      <Capture onApi={(a) => (api = a)} />
    </ToastProvider>,
  );
  return () => api;
}

afterEach(() => jest.useRealTimers());

describe('toasts', () => {
  it('success goes to the polite status region, errors to the alert region', () => {
    const api = setup();
    act(() => {
      api().success('Item saved');
      api().error('Could not save');
    });
    expect(screen.getByRole('status')).toHaveTextContent('Item saved');
    expect(screen.getByRole('alert')).toHaveTextContent('Could not save');
  });

  it('goes away by itself after its duration, or when closed', async () => {
    jest.useFakeTimers();
    const api = setup();
    act(() => {
      api().success('Item saved');
    });
    act(() => jest.advanceTimersByTime(4999));
    expect(screen.getByText('Item saved')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Item saved')).not.toBeInTheDocument();

    jest.useRealTimers();
    act(() => {
      api().show({ message: 'Sticky', duration: 0 });
    });
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Sticky')).not.toBeInTheDocument();
  });

  it('keeps at most five', () => {
    const api = setup();
    act(() => {
      for (let i = 1; i <= 7; i += 1) api().success(`Saved ${i}`);
    });
    expect(screen.queryByText('Saved 2')).not.toBeInTheDocument();
    expect(screen.getByText('Saved 3')).toBeInTheDocument();
    expect(screen.getByText('Saved 7')).toBeInTheDocument();
  });

  it('useToast outside the provider is a programming error', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Capture onApi={() => undefined} />)).toThrow(/ToastProvider/);
    spy.mockRestore();
  });
});

describe('Alert', () => {
  it('errors are alerts; info is a status; the action is rendered', () => {
    render(
      <>
        <Alert kind="error" title="Could not load" action={<button type="button">Try again</button>}>
          The server did not answer.
        </Alert>
        <Alert kind="info">Heads up</Alert>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Could not loadThe server did not answer.');
    expect(screen.getByRole('status')).toHaveTextContent('Heads up');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
