import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@hive/shared/schemas/backoffice';
import {
  LOG_LEVELS,
  TERMINAL_LOG_KINDS,
  type LogLevel,
  type TerminalLogKind,
} from '@hive/shared/schemas/backoffice/devices';
import { dayAfter, dayStart } from '../shared';

export interface LogFilters {
  /** A terminal id, or '' for all. */
  terminal: string;
  kind: TerminalLogKind | '';
  level: LogLevel | '';
  /** Calendar days `YYYY-MM-DD` (local), both inclusive; '' for no limit. */
  from: string;
  to: string;
  page: number;
  pageSize: number;
}

const DEFAULTS: LogFilters = {
  terminal: '',
  kind: '',
  level: '',
  from: '',
  to: '',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
};
const KEYS: Record<keyof LogFilters, string> = {
  terminal: 'terminal',
  kind: 'kind',
  level: 'level',
  from: 'from',
  to: 'to',
  page: 'page',
  pageSize: 'size',
};

/** The filters from the URL; anything odd in it falls back to no filter. */
export function parseLogFilters(search: URLSearchParams): LogFilters {
  const get = (key: keyof LogFilters) => search.get(KEYS[key]) ?? '';
  const terminal = get('terminal');
  const kind = get('kind');
  const level = get('level');
  const page = Number(get('page'));
  const size = Number(get('pageSize'));
  const day = (value: string) => (dayStart(value) === null ? '' : value);
  return {
    terminal: /^[1-9]\d{0,9}$/.test(terminal) ? terminal : '',
    kind: (TERMINAL_LOG_KINDS as readonly string[]).includes(kind) ? (kind as TerminalLogKind) : '',
    level: (LOG_LEVELS as readonly string[]).includes(level) ? (level as LogLevel) : '',
    from: day(get('from')),
    to: day(get('to')),
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

/** The API query of the filters, or null when the date range is backwards (nothing to ask). */
export function logQuery(f: LogFilters): Record<string, string | number | undefined> | null {
  const from = f.from ? (dayStart(f.from) ?? undefined) : undefined;
  const to = f.to ? (dayAfter(f.to) ?? undefined) : undefined;
  if (from !== undefined && to !== undefined && to <= from) return null;
  return {
    terminalId: f.terminal || undefined,
    kind: f.kind || undefined,
    level: f.level || undefined,
    from,
    to,
    page: f.page,
    pageSize: f.pageSize,
  };
}

export const hasFilters = (f: LogFilters) => Boolean(f.terminal || f.kind || f.level || f.from || f.to);

/**
 * The log's filters live in the URL (?terminal=&kind=&level=&from=&to=&page=&size=): reload, back
 * and shared links keep them. A changed filter goes back to page 1.
 */
export function useLogFilters() {
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => parseLogFilters(search), [search]);
  const update = useCallback(
    (patch: Partial<LogFilters>) => {
      setSearch((current) => {
        const next = new URLSearchParams(current);
        const merged: Partial<LogFilters> = { ...patch };
        if (!('page' in patch)) merged.page = 1;
        for (const [name, value] of Object.entries(merged) as [keyof LogFilters, string | number][]) {
          if (value === DEFAULTS[name] || value === '') next.delete(KEYS[name]);
          else next.set(KEYS[name], String(value));
        }
        return next;
      });
    },
    [setSearch],
  );
  const clear = useCallback(
    () =>
      setSearch((current) => {
        const next = new URLSearchParams(current);
        for (const key of ['terminal', 'kind', 'level', 'from', 'to', 'page'] as const) next.delete(KEYS[key]);
        return next;
      }),
    [setSearch],
  );
  return { filters, update, clear };
}
