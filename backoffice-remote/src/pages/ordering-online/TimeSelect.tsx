import { useMemo } from 'react';
import { useFormat } from '../../i18n';

/** Every quarter of an hour of a day, `HH:MM` (24 h: what the settings store). */
const QUARTERS = Array.from({ length: 96 }, (_, k) => {
  const minutes = k * 15;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});

/**
 * An opening or closing time: a list of the day's quarters, written as the language writes a
 * time (8:00 AM · 8:00), in place of the browser's time field, which a narrow column cut short
 * ("08:00 AI" for "08:00 a. m."). A saved time off the quarters stays in the list.
 */
export function TimeSelect({
  value,
  onChange,
  ...rest
}: {
  value: string;
  onChange(value: string): void;
  'aria-label': string;
  disabled?: boolean;
}) {
  const format = useFormat();
  const times = useMemo(
    () => (QUARTERS.includes(value) || !/^\d{2}:\d{2}$/.test(value) ? QUARTERS : [...QUARTERS, value].sort()),
    [value],
  );
  return (
    <select {...rest} value={value} onChange={(e) => onChange(e.target.value)}>
      {times.map((time) => (
        <option key={time} value={time}>
          {format.clock(time)}
        </option>
      ))}
    </select>
  );
}
