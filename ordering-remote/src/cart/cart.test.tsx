import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addLine, cartKey, loadCart, saveCart, setQuantity, useCart } from './index';
import { CartPanel } from '../components/CartPanel';
import { Wrapper } from '../test/i18n';

const SLUG = 'blue-door-bistro';
const burger = {
  itemId: 7,
  name: 'Blue Door burger',
  modifierIds: [3],
  modifierNames: ['Bacon'],
  unitPriceCents: 1850,
};

function CartHarness({ slug = SLUG }: { slug?: string }) {
  const cart = useCart(slug);
  return (
    <>
      <button type="button" onClick={() => cart.add(burger)}>
        add burger
      </button>
      <CartPanel cart={cart} currency="USD" checkoutTo="/checkout" />
    </>
  );
}

beforeEach(() => window.localStorage.clear());

describe('cart model', () => {
  it('merges the same item with the same modifiers and keeps different modifiers apart', () => {
    let lines = addLine([], burger);
    lines = addLine(lines, { ...burger, modifierIds: [3] });
    lines = addLine(lines, { ...burger, modifierIds: [], modifierNames: [], unitPriceCents: 1650 });
    expect(lines).toHaveLength(2);
    expect(lines[0]!.quantity).toBe(2);
    expect(setQuantity(lines, lines[0]!.key, 0)).toHaveLength(1);
    expect(setQuantity(lines, lines[0]!.key, 99)[0]!.quantity).toBe(20);
  });

  it('discards a cart of item options (version 1): their ids are not modifiers', () => {
    const old = {
      key: '7:3',
      itemId: 7,
      name: 'Blue Door burger',
      optionIds: [3],
      optionNames: ['Bacon'],
      unitPriceCents: 1850,
      quantity: 1,
    };
    window.localStorage.setItem(cartKey(SLUG), JSON.stringify({ v: 1, lines: [old] }));
    expect(loadCart(SLUG)).toEqual([]);
    expect(window.localStorage.getItem(cartKey(SLUG))).toBeNull();
  });

  it('persists per store and discards corrupt or wrongly shaped data', () => {
    saveCart(SLUG, addLine([], burger));
    expect(loadCart(SLUG)).toHaveLength(1);
    expect(loadCart('other-store')).toEqual([]);
    for (const corrupt of [
      '{not json',
      '"text"',
      '{"v":2,"lines":[{"itemId":"x"}]}',
      '{"v":3,"lines":[]}',
      'null',
      '[1,2]',
    ]) {
      window.localStorage.setItem(cartKey(SLUG), corrupt);
      expect(loadCart(SLUG)).toEqual([]);
      expect(window.localStorage.getItem(cartKey(SLUG))).toBeNull();
    }
  });
});

describe('cart panel', () => {
  it('adds, changes quantity, removes, and persists across a remount', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<CartHarness />, { wrapper: Wrapper });
    expect(screen.getByText(/your cart is empty/i)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'add burger' }));
    expect(screen.getByRole('list', { name: 'Your order' })).toHaveTextContent('Blue Door burger');
    expect(screen.getByText('Bacon')).toBeInTheDocument();
    expect(screen.getByLabelText('Quantity of Blue Door burger')).toHaveTextContent('1');

    await user.click(screen.getByRole('button', { name: 'Increase quantity of Blue Door burger' }));
    expect(screen.getByLabelText('Quantity of Blue Door burger')).toHaveTextContent('2');
    expect(screen.getByText('$37.00', { selector: 'strong' })).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(cartKey(SLUG))!).lines[0].quantity).toBe(2);

    unmount();
    render(<CartHarness />, { wrapper: Wrapper });
    expect(screen.getByLabelText('Quantity of Blue Door burger')).toHaveTextContent('2');
    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Blue Door burger' }));
    expect(screen.getByLabelText('Quantity of Blue Door burger')).toHaveTextContent('1');
    await user.click(screen.getByRole('button', { name: 'Remove Blue Door burger' }));
    expect(screen.getByText(/your cart is empty/i)).toBeInTheDocument();
    expect(window.localStorage.getItem(cartKey(SLUG))).toBeNull();
  });

  it('starts empty when the stored cart is corrupt, and follows other tabs', () => {
    window.localStorage.setItem(cartKey(SLUG), '{"v":1,"lines":"garbage"}');
    render(<CartHarness />, { wrapper: Wrapper });
    expect(screen.getByText(/your cart is empty/i)).toBeInTheDocument();
    saveCart(SLUG, addLine([], burger));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: cartKey(SLUG) }));
    });
    expect(screen.getByLabelText('Quantity of Blue Door burger')).toHaveTextContent('1');
  });
});
