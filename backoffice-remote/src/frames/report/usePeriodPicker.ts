import { useEffect, useState } from 'react';
import type { PeriodPreset, ReportMeta } from '@hive/shared/schemas/backoffice/reports';
import type { ParamPatch } from './useReportParams';

const WHOLE_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The period filter's state, kept in the URL: a preset, or a custom range whose dates are held
 * while typed and written to the URL once both are whole dates. Shared by the report frame and
 * the pages that filter by period like a report (the time clock).
 */
export function usePeriodPicker({
  data,
  values,
  update,
  defaultPeriod,
}: {
  data: Pick<ReportMeta, 'period'> | undefined;
  values: Record<string, string>;
  update: (patch: ParamPatch, options?: { replace?: boolean }) => void;
  defaultPeriod: PeriodPreset;
}) {
  const custom = values.period === 'custom' || (!values.period && Boolean(values.from || values.to));
  const preset = custom ? 'custom' : (values.period ?? defaultPeriod);
  const [from, setFrom] = useState(values.from ?? data?.period.from ?? '');
  const [to, setTo] = useState(values.to ?? data?.period.to ?? '');
  useEffect(() => {
    setFrom(values.from ?? data?.period.from ?? '');
    setTo(values.to ?? data?.period.to ?? '');
  }, [values.from, values.to, data?.period.from, data?.period.to]);
  const setDates = (nextFrom: string, nextTo: string) => {
    setFrom(nextFrom);
    setTo(nextTo);
    if (WHOLE_DATE.test(nextFrom) && WHOLE_DATE.test(nextTo)) {
      update({ period: 'custom', from: nextFrom, to: nextTo }, { replace: true });
    }
  };
  const choosePreset = (next: PeriodPreset) => {
    if (next === 'custom') update({ period: 'custom', from: data?.period.from ?? null, to: data?.period.to ?? null });
    else update({ period: next === defaultPeriod ? null : next, from: null, to: null });
  };
  return { custom, preset, from, to, setDates, choosePreset };
}

/** A filter's options, plus the URL's value while the list is not loaded yet (so the select shows it). */
export function withCurrent(options: { value: string; label: string }[], current: string | undefined) {
  if (!current || options.some((o) => o.value === current)) return options;
  return [...options, { value: current, label: current }];
}
