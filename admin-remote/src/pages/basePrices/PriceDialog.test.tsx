import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import type { AdminBasePrice } from '@hive/shared/schemas/admin';
import { ToastProvider } from '@hive/shared/ui';
import { fakeHttp, renderAdmin } from '../../testing/renderAdmin.testutil';
import { PriceDialog } from './PriceDialog';

const RETAIL: AdminBasePrice = {
  kind: 'license',
  name: 'Retail',
  monthlyPrice: 49.9,
  updatedAt: '2026-11-01T10:00:00Z',
  updatedBy: null,
};

function renderDialog(lng: 'en' | 'es') {
  const onSaved = jest.fn();
  const { http, calls } = fakeHttp((config: InternalAxiosRequestConfig) =>
    config.method === 'put'
      ? { status: 200, data: {} }
      : { status: 200, data: { items: [], total: 0, page: 1, pageSize: 10 } },
  );
  renderAdmin(
    <ToastProvider closeLabel="Dismiss">
      <PriceDialog item={RETAIL} onClose={() => undefined} onSaved={onSaved} />
    </ToastProvider>,
    { http, lng },
  );
  const sent = () => calls.filter((c) => c.method === 'put');
  return { sent, onSaved };
}

describe('the base price dialog', () => {
  it('in Spanish the price takes a decimal comma: "59,90" is sent as 59.9, not 5990', async () => {
    const user = userEvent.setup();
    const { sent, onSaved } = renderDialog('es');
    const price = await screen.findByRole('textbox', { name: /^Precio mensual/ });
    expect(price).toHaveValue('49,90');
    await user.clear(price);
    await user.type(price, '59.90');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Usa la coma para los decimales, como 1,80.')).toBeInTheDocument();
    expect(price).toHaveAccessibleDescription('Usa la coma para los decimales, como 1,80.');
    expect(sent()).toHaveLength(0);
    await user.clear(price);
    await user.type(price, '59,90');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(JSON.parse(String(sent()[0]!.data))).toEqual({
      kind: 'license',
      name: 'Retail',
      monthlyPrice: 59.9,
      note: '',
    });
  });

  it('in English a decimal comma, or a third decimal, is refused on the price', async () => {
    const user = userEvent.setup();
    const { sent } = renderDialog('en');
    const price = await screen.findByRole('textbox', { name: /^Monthly price/ });
    expect(price).toHaveValue('49.90');
    await user.clear(price);
    await user.type(price, '1,80');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Use a point for decimals, like 1.80.')).toBeInTheDocument();
    expect(price).toHaveAccessibleDescription('Use a point for decimals, like 1.80.');
    await user.clear(price);
    await user.type(price, '59.905');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Use at most 2 decimals.')).toBeInTheDocument();
    expect(sent()).toHaveLength(0);
  });
});
