import { screen } from '@testing-library/react';
import { renderWithTexts } from '../testing/harness';
import { useFormat } from './format';

// 15 March 2026 at noon in the machine's own zone: `date` writes the viewer's day, and noon UTC is
// already 16 March in Kiritimati (UTC+14).
const MARCH_15 = new Date(2026, 2, 15, 12).getTime();

function Dates() {
  const format = useFormat('USD');
  return <p>{format.date(MARCH_15)}</p>;
}

describe('useFormat', () => {
  it('writes an instant as a date in the page language, not the browser’s', async () => {
    await renderWithTexts(<Dates />, 'es');
    expect(screen.getByText(/15 mar 2026/)).toBeInTheDocument();
  });

  it('in English', async () => {
    await renderWithTexts(<Dates />, 'en');
    expect(screen.getByText('Mar 15, 2026')).toBeInTheDocument();
  });

  it('never writes a minus zero ("-0,00 EUR" for no discount)', async () => {
    function Zero() {
      const format = useFormat('EUR');
      return <p>{[format.money(-0), format.money(-0.0001), format.decimal(-0), format.money(-0.5)].join(' | ')}</p>;
    }
    await renderWithTexts(<Zero />, 'es');
    expect(screen.getByText('0,00 € | 0,00 € | 0 | -0,50 €')).toBeInTheDocument();
  });
});
