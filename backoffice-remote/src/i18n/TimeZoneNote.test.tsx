import { screen } from '@testing-library/react';
import { renderWithTexts } from '../testing/harness';
import { TimeZoneNote } from './TimeZoneNote';

// The short name is today's: a page read in July says CDT, in January CST ("now" matters: fake clock).
describe('TimeZoneNote', () => {
  afterEach(() => jest.useRealTimers());

  it('names the zone once, with its short name of today, in the page language', async () => {
    jest.useFakeTimers({ now: Date.UTC(2026, 6, 1, 12), doNotFake: ['setTimeout', 'setInterval', 'queueMicrotask'] });
    await renderWithTexts(<TimeZoneNote timeZone="America/Chicago" />, 'en');
    expect(screen.getByText('Times in America/Chicago (CDT)')).toBeInTheDocument();
  });

  it('in winter and in Spanish', async () => {
    jest.useFakeTimers({ now: Date.UTC(2026, 0, 15, 12), doNotFake: ['setTimeout', 'setInterval', 'queueMicrotask'] });
    await renderWithTexts(<TimeZoneNote timeZone="America/New_York" />, 'es');
    expect(screen.getByText('Horas en America/New York (GMT-5)')).toBeInTheDocument();
  });
});
