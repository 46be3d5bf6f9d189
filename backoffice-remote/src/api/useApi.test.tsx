import { act, render, screen } from '@testing-library/react';
import { createSessionSource, ShellProvider, type ShellServices } from '@hive/shared/shell-contract';
import { controlledHttp, holdResponses } from '../testing/controlledHttp';
import { useApi } from './useApi';

function Probe({ params }: { params: Record<string, string> }) {
  const state = useApi<{ n: number }>('/api/report', params);
  return (
    <div>
      <output aria-label="data">{state.data ? String(state.data.n) : 'none'}</output>
      <output aria-label="state">{state.loading ? 'loading' : ''}</output>
    </div>
  );
}

function renderProbe(http: ReturnType<typeof controlledHttp>['http'], params: Record<string, string>) {
  const services = {
    http,
    session: createSessionSource({ status: 'authenticated', expiresAt: null, remainingMs: null }),
  } as unknown as ShellServices;
  const view = render(
    <ShellProvider services={services}>
      <Probe params={params} />
    </ShellProvider>,
  );
  return (next: Record<string, string>) =>
    view.rerender(
      <ShellProvider services={services}>
        <Probe params={next} />
      </ShellProvider>,
    );
}

const settle = () => act(async () => undefined);

describe('useApi', () => {
  it('asks again for new params, keeping the old data dimmed meanwhile', async () => {
    const { http, calls, pending } = controlledHttp();
    const rerender = renderProbe(http, { period: 'today' });
    pending[0]!.resolve({ n: 1 });
    await settle();
    expect(screen.getByLabelText('data')).toHaveTextContent('1');

    rerender({ period: 'last_7_days' });
    expect(calls[1]!.params).toEqual({ period: 'last_7_days' });
    expect(screen.getByLabelText('state')).toHaveTextContent('loading');
    pending[1]!.resolve({ n: 7 });
    await settle();
    expect(screen.getByLabelText('data')).toHaveTextContent('7');
    expect(screen.getByLabelText('state')).toHaveTextContent('');
  });

  // axios drops an answer aborted before it arrived; one aborted while a response interceptor of the
  // shell still works on it (an interceptor may wait, e.g. for the session) reaches the page.
  it('never shows an answer to params that were replaced while it was on its way', async () => {
    const { http, pending } = controlledHttp();
    const held = holdResponses(http);
    const rerender = renderProbe(http, { period: 'last_7_days' });
    pending[0]!.resolve({ n: 7 });
    await settle();
    rerender({ period: 'custom', from: '2026-11-30', to: '2026-11-30' });
    held.release();
    await settle();
    expect(screen.getByLabelText('data')).toHaveTextContent('none');
    expect(screen.getByLabelText('state')).toHaveTextContent('loading');
    pending[1]!.resolve({ n: 1 });
    await settle();
    held.release();
    await settle();
    expect(screen.getByLabelText('data')).toHaveTextContent('1');
    expect(screen.getByLabelText('state')).toHaveTextContent('');
  });
});
