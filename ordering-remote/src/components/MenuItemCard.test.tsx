import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MenuItem } from '@hive/shared/schemas/ordering';
import { MenuItemCard } from './MenuItemCard';
import { Wrapper } from '../test/i18n';

const CAPPUCCINO: MenuItem = {
  id: 5,
  name: 'Cappuccino',
  priceCents: 380,
  categoryId: 2,
  modifierGroups: [
    {
      id: 1,
      name: 'Milk',
      minChoices: 1,
      maxChoices: 1,
      modifiers: [
        { id: 11, name: 'Whole milk', priceCents: 0 },
        { id: 12, name: 'Oat milk', priceCents: 50 },
      ],
    },
    {
      id: 2,
      name: 'Syrups',
      minChoices: 0,
      maxChoices: 2,
      modifiers: [
        { id: 21, name: 'Vanilla', priceCents: 40 },
        { id: 22, name: 'Caramel', priceCents: 40 },
        { id: 23, name: 'Hazelnut', priceCents: 40 },
      ],
    },
    { id: 3, name: 'Size', minChoices: 0, maxChoices: 1, modifiers: [{ id: 31, name: 'Large', priceCents: 60 }] },
  ],
};

function renderCard() {
  const onAdd = jest.fn();
  render(
    <ul>
      <MenuItemCard item={CAPPUCCINO} currency="USD" onAdd={onAdd} canOrder />
    </ul>,
    { wrapper: Wrapper },
  );
  return { onAdd, user: userEvent.setup() };
}

describe('MenuItemCard', () => {
  it('offers each group by its rule and says which required group is missing; nothing is added then', async () => {
    const { onAdd, user } = renderCard();
    const milk = screen.getByRole('group', { name: 'Milk' });
    expect(milk).toHaveAccessibleDescription('Choose 1');
    expect(within(milk).getAllByRole('radio')).toHaveLength(2);
    expect(screen.getByRole('group', { name: 'Syrups' })).toHaveAccessibleDescription('Optional, up to 2');
    // An optional one-choice group starts on "None".
    expect(within(screen.getByRole('group', { name: 'Size' })).getByRole('radio', { name: 'None' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: /^Add Cappuccino to cart · / }));
    expect(onAdd).not.toHaveBeenCalled();
    expect(milk).toHaveAccessibleDescription('Choose 1 Choose at least 1 for Milk.');
    expect(within(milk).getByRole('radio', { name: 'Whole milk' })).toHaveFocus();
  });

  it('stops a group at its maximum and prices the choice; the cart gets the ids and names in menu order', async () => {
    const { onAdd, user } = renderCard();
    const syrups = screen.getByRole('group', { name: 'Syrups' });
    await user.click(within(syrups).getByRole('checkbox', { name: 'Hazelnut (+$0.40)' }));
    await user.click(within(syrups).getByRole('checkbox', { name: 'Vanilla (+$0.40)' }));
    expect(within(syrups).getByRole('checkbox', { name: 'Caramel (+$0.40)' })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Oat milk (+$0.50)' }));
    await user.click(screen.getByRole('radio', { name: 'Large (+$0.60)' }));
    await user.click(screen.getByRole('radio', { name: 'None' }));
    const add = screen.getByRole('button', { name: /^Add Cappuccino to cart · / });
    expect(add).toHaveTextContent('$5.10');
    await user.click(add);
    expect(onAdd).toHaveBeenCalledWith({
      itemId: 5,
      name: 'Cappuccino',
      modifierIds: [12, 21, 23],
      modifierNames: ['Oat milk', 'Vanilla', 'Hazelnut'],
      unitPriceCents: 510,
    });
    // The card starts over for the next one.
    expect(screen.getByRole('radio', { name: 'Oat milk (+$0.50)' })).not.toBeChecked();
  });
});
