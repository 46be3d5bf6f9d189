import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import type { AdminCoupon } from '@hive/shared/schemas/admin';
import { ToastProvider } from '@hive/shared/ui';
import { fakeHttp, renderAdmin } from '../../testing/renderAdmin.testutil';
import { CouponDialog } from './CouponDialog';

const WELCOME: AdminCoupon = {
  id: 4,
  code: 'WELCOME',
  kind: 'amount',
  value: 12.5,
  validFrom: '2026-01-01',
  validTo: '2026-12-31',
  maxRedemptions: 1000,
  redemptions: 3,
  licenses: ['Retail'],
  active: true,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

function renderDialog(lng: 'en' | 'es', coupon: AdminCoupon | null = WELCOME) {
  const onSaved = jest.fn();
  const { http, calls } = fakeHttp((config: InternalAxiosRequestConfig) => ({
    status: 200,
    data: config.method === 'get' ? { items: [], total: 0, page: 1, pageSize: 20 } : {},
  }));
  renderAdmin(
    <ToastProvider closeLabel="Dismiss">
      <CouponDialog coupon={coupon} onClose={() => undefined} onSaved={onSaved} />
    </ToastProvider>,
    { http, lng },
  );
  const sent = () => calls.filter((c) => c.method === 'put' || c.method === 'post');
  return { sent, onSaved };
}

describe('the coupon dialog', () => {
  it('in Spanish amounts take a decimal comma and thousands a point: "9,95" is 9.95, "10.000" ten thousand', async () => {
    const user = userEvent.setup();
    const { sent, onSaved } = renderDialog('es');
    const amount = await screen.findByRole('textbox', { name: /^Importe de descuento/ });
    expect(amount).toHaveValue('12,50');
    const max = screen.getByRole('textbox', { name: /^Canjes máximos/ });
    expect(max).toHaveValue('1000');
    await user.clear(amount);
    await user.type(amount, '9.95');
    await user.clear(max);
    await user.type(max, '2,5');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Usa la coma para los decimales, como 1,80.')).toBeInTheDocument();
    expect(amount).toHaveAccessibleDescription('Usa la coma para los decimales, como 1,80.');
    expect(max).toHaveAccessibleDescription(/Introduce un número entero\.$/);
    expect(sent()).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '9,95');
    await user.clear(max);
    await user.type(max, '10.000');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent()[0]!.url).toBe('/api/admin/coupons/4');
    expect(JSON.parse(String(sent()[0]!.data))).toMatchObject({ kind: 'amount', value: 9.95, maxRedemptions: 10_000 });
  });

  it('in English a decimal comma is refused on its field; a percentage must be whole; an empty limit is none', async () => {
    const user = userEvent.setup();
    const { sent, onSaved } = renderDialog('en', null);
    await user.type(await screen.findByRole('textbox', { name: /^Code/ }), 'SPRING');
    const percent = screen.getByRole('textbox', { name: /^Percent off/ });
    expect(percent).toHaveValue('10');
    await user.clear(percent);
    await user.type(percent, '1,80');
    await user.click(screen.getByRole('button', { name: 'Create coupon' }));
    expect(await screen.findByText('Use a point for decimals, like 1.80.')).toBeInTheDocument();
    expect(percent).toHaveAccessibleDescription('Use a point for decimals, like 1.80.');
    await user.clear(percent);
    await user.type(percent, '12.5');
    await user.click(screen.getByRole('button', { name: 'Create coupon' }));
    expect(await screen.findByText('Enter a whole percentage from 1 to 100.')).toBeInTheDocument();
    expect(sent()).toHaveLength(0);
    await user.clear(percent);
    await user.type(percent, '15');
    await user.click(screen.getByRole('button', { name: 'Create coupon' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent()[0]!.url).toBe('/api/admin/coupons');
    expect(JSON.parse(String(sent()[0]!.data))).toMatchObject({
      code: 'SPRING',
      kind: 'percent',
      value: 15,
      maxRedemptions: null,
    });
  });
});
