import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { renderWithTexts } from '../testing/harness';
import { TimeZoneField } from './TimeZoneField';

function Form({ onSubmit }: { onSubmit: (zone: string) => void }) {
  const { register, handleSubmit } = useForm({ defaultValues: { timezone: 'America/Chicago' } });
  return (
    <form onSubmit={handleSubmit((v) => onSubmit(v.timezone))}>
      <TimeZoneField label="Time zone" {...register('timezone')} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('TimeZoneField (the IANA zone picker)', () => {
  it('offers every IANA zone with its offset, found by searching, chosen by label', async () => {
    const user = userEvent.setup();
    const saved = jest.fn();
    await renderWithTexts(<Form onSubmit={saved} />);
    const select = screen.getByRole('combobox', { name: 'Time zone' });
    expect(select).toHaveValue('America/Chicago');
    expect(screen.getAllByRole('option').length).toBeGreaterThan(300);
    expect(screen.getByRole('option', { name: 'Asia/Kolkata (UTC+05:30)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: /^Australia\/Adelaide \(UTC\+(09|10):30\)$/ })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'UTC' })).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search time zones' }), 'madr');
    // The matches, and the zone chosen so far (searching does not change the value).
    expect(screen.getAllByRole('option').map((o) => o.getAttribute('value'))).toEqual([
      'America/Chicago',
      'Europe/Madrid',
    ]);
    expect(select).toHaveValue('America/Chicago');

    await user.selectOptions(select, 'Europe/Madrid');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(saved).toHaveBeenCalledWith('Europe/Madrid');
  });

  it('searches names with spaces for underscores, in Spanish too', async () => {
    const user = userEvent.setup();
    await renderWithTexts(<TimeZoneField label="Zona horaria" value="UTC" onChange={() => undefined} />, 'es');
    await user.type(screen.getByRole('searchbox', { name: 'Buscar zona horaria' }), 'new york');
    expect(screen.getAllByRole('option').map((o) => o.getAttribute('value'))).toEqual(['UTC', 'America/New_York']);
  });
});
