import { useCallback, useMemo } from 'react';
import type { PriceLevel } from '@hive/shared/schemas/backoffice/settings';
import { useAreaT } from '../../../i18n';

/** Weekday names in the user's language, Sunday first (like the schedule's day numbers). */
export function useDayNames() {
  const { i18n } = useAreaT('settings');
  const lng = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  return useMemo(() => {
    // 2023-01-01 was a Sunday.
    const at = (day: number) => new Date(Date.UTC(2023, 0, 1 + day, 12));
    const long = new Intl.DateTimeFormat(lng, { weekday: 'long', timeZone: 'UTC' });
    const short = new Intl.DateTimeFormat(lng, { weekday: 'short', timeZone: 'UTC' });
    const days = [0, 1, 2, 3, 4, 5, 6];
    return { long: days.map((d) => long.format(at(d))), short: days.map((d) => short.format(at(d))) };
  }, [lng]);
}

/**
 * "Mon–Fri 17:00–19:00", "Sat, Sun 10:00–12:00" or the text for "always": runs of consecutive days
 * (Monday first) are joined with a dash.
 */
export function useScheduleText() {
  const { t } = useAreaT('settings');
  const names = useDayNames();
  return useCallback(
    (level: Pick<PriceLevel, 'scheduled' | 'days' | 'startTime' | 'endTime'>) => {
      if (!level.scheduled) return t('priceLevels.always');
      const order = [1, 2, 3, 4, 5, 6, 0];
      const chosen = order.filter((d) => level.days.includes(d));
      const runs: number[][] = [];
      for (const day of chosen) {
        const last = runs.at(-1);
        if (last && order.indexOf(day) === order.indexOf(last.at(-1)!) + 1) last.push(day);
        else runs.push([day]);
      }
      const days = runs
        .map((run) =>
          run.length >= 3
            ? `${names.short[run[0]!]}–${names.short[run.at(-1)!]}`
            : run.map((d) => names.short[d]).join(', '),
        )
        .join(', ');
      return t('priceLevels.scheduleText', { days, start: level.startTime, end: level.endTime });
    },
    [t, names],
  );
}
