import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pickupProblem, pickupSlots, type HoursRule } from '@hive/shared/schemas/ordering';
import { CheckoutForm } from './CheckoutForm';
import { Wrapper } from '../test/i18n';

const every = { open: '08:00', close: '23:00' };
const rule: HoursRule = { timezone: 'UTC', leadMinutes: 20, hours: [every, every, every, every, every, every, null] };
// Monday 2026-11-23 10:00 UTC
const NOW = Date.UTC(2026, 10, 23, 10, 0);
const now = () => NOW;
const at = (day: number, h: number, m = 0) => Date.UTC(2026, 10, day, h, m);

describe('pickup-time rule', () => {
  it('needs the lead time, today or tomorrow, within the hours', () => {
    expect(pickupProblem(at(23, 10, 10), NOW, rule)).toBe('too_soon');
    expect(pickupProblem(at(23, 10, 20), NOW, rule)).toBeNull();
    expect(pickupProblem(at(23, 23, 0), NOW, rule)).toBeNull();
    expect(pickupProblem(at(23, 23, 15), NOW, rule)).toBe('closed');
    expect(pickupProblem(at(24, 7, 45), NOW, rule)).toBe('closed');
    expect(pickupProblem(at(24, 9, 0), NOW, rule)).toBeNull();
    expect(pickupProblem(at(25, 12, 0), NOW, rule)).toBe('other_day');
    expect(pickupProblem(Number.NaN, NOW, rule)).toBe('invalid');
  });

  it('a closed day has no slots; slots start after the lead time and respect the time zone', () => {
    const saturday = Date.UTC(2026, 10, 28, 12, 0); // Sunday is open, Saturday (index 6) closed
    const slots = pickupSlots(saturday, rule);
    expect(slots.every((s) => new Date(s).getUTCDay() === 0)).toBe(true);
    expect(pickupSlots(NOW, rule)[0]).toBe(at(23, 10, 30));
    const madrid = pickupSlots(NOW, { ...rule, timezone: 'Europe/Madrid' });
    expect(pickupProblem(madrid[0]!, NOW, { ...rule, timezone: 'Europe/Madrid' })).toBeNull();
  });
});

describe('checkout form', () => {
  it('shows a message per field and does not submit invalid data', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    render(<CheckoutForm rule={rule} now={now} onSubmit={onSubmit} />, { wrapper: Wrapper });
    await user.selectOptions(screen.getByLabelText('Pickup time'), '');
    await user.type(screen.getByLabelText('Phone'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Enter your name (2 to 80 characters).');
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription('Enter a phone number with at least 6 digits.');
    expect(screen.getByLabelText('Pickup time')).toHaveAccessibleDescription('Choose a pickup time.');
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('submits valid data with the first possible pickup time preselected', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn().mockResolvedValue(undefined);
    render(<CheckoutForm rule={rule} now={now} onSubmit={onSubmit} />, { wrapper: Wrapper });
    await user.type(screen.getByLabelText('Name'), 'Ana López');
    await user.type(screen.getByLabelText('Phone'), '+34 600 123 456');
    await user.type(screen.getByLabelText('Notes for the kitchen (optional)'), 'No onions');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Ana López',
      phone: '+34 600 123 456',
      pickupAt: new Date(at(23, 10, 30)).toISOString(),
      notes: 'No onions',
    });
  });

  it('shows the server’s field errors (e.g. a pickup time that became too soon)', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn().mockResolvedValue({ pickupAt: 'too_soon' });
    render(<CheckoutForm rule={rule} now={now} onSubmit={onSubmit} />, { wrapper: Wrapper });
    await user.type(screen.getByLabelText('Name'), 'Ana');
    await user.type(screen.getByLabelText('Phone'), '600123456');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Choose a later time: the kitchen needs the lead time.')).toBeInTheDocument();
  });
});
