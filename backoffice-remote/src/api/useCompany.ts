import { useEffect, useState, useSyncExternalStore } from 'react';
import type { AxiosInstance } from 'axios';
import type { CompanySummary } from '@hive/shared/schemas/backoffice';
import { useHttp } from '@hive/shared/shell-contract';
import { selectUser, useAppSelector } from '@hive/shared/store';
import { API } from './useApi';

// One request per signed-in user and HTTP client, however many components ask (header, columns).
const cache = new WeakMap<AxiosInstance, Map<string, Promise<CompanySummary>>>();
// Components showing the company, told when it changed (Settings › General information saved).
const listeners = new Set<() => void>();

// The business's time zone as last loaded (the header loads the company on every page), read by
// the date formatters without asking the shell: pages write times in it unless a location's applies.
let businessZone: string | undefined;
const zoneListeners = new Set<() => void>();

function setBusinessZone(zone: string): void {
  if (zone === businessZone) return;
  businessZone = zone;
  for (const listener of zoneListeners) listener();
}

function subscribeZone(listener: () => void): () => void {
  zoneListeners.add(listener);
  return () => zoneListeners.delete(listener);
}

/** The business's time zone once the company has loaded (undefined before). */
export function useBusinessZone(): string | undefined {
  return useSyncExternalStore(subscribeZone, () => businessZone);
}

function fetchCompany(http: AxiosInstance, email: string): Promise<CompanySummary> {
  let byUser = cache.get(http);
  if (!byUser) cache.set(http, (byUser = new Map()));
  let pending = byUser.get(email);
  if (!pending) {
    pending = http.get<CompanySummary>(`${API}/company`).then((response) => {
      if (response.data?.timezone) setBusinessZone(response.data.timezone);
      return response.data;
    });
    // A failure is not cached: the next component to ask tries again.
    pending.catch(() => byUser.delete(email));
    byUser.set(email, pending);
  }
  return pending;
}

/** Forget the cached company and let every component showing it ask again (name, logo, currency). */
export function refreshCompany(http: AxiosInstance): void {
  cache.delete(http);
  for (const listener of listeners) listener();
}

/** The signed-in user's company (header name and logo, currency); undefined until known. */
export function useCompany(): CompanySummary | undefined {
  const http = useHttp();
  const email = useAppSelector(selectUser)?.email ?? null;
  const [company, setCompany] = useState<{ email: string; data: CompanySummary } | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const listener = () => setVersion((n) => n + 1);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
  useEffect(() => {
    if (email === null) return;
    let live = true;
    fetchCompany(http, email).then(
      (data) => live && setCompany({ email, data }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [http, email, version]);
  return company && company.email === email ? company.data : undefined;
}
