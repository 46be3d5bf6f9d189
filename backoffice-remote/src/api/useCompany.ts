import { useEffect, useState } from 'react';
import type { AxiosInstance } from 'axios';
import type { CompanySummary } from '@hive/shared/schemas/backoffice';
import { useHttp } from '@hive/shared/shell-contract';
import { selectUser, useAppSelector } from '@hive/shared/store';
import { API } from './useApi';

// One request per signed-in user and HTTP client, however many components ask (header, columns).
const cache = new WeakMap<AxiosInstance, Map<string, Promise<CompanySummary>>>();

function fetchCompany(http: AxiosInstance, email: string): Promise<CompanySummary> {
  let byUser = cache.get(http);
  if (!byUser) cache.set(http, (byUser = new Map()));
  let pending = byUser.get(email);
  if (!pending) {
    pending = http.get<CompanySummary>(`${API}/company`).then((response) => response.data);
    // A failure is not cached: the next component to ask tries again.
    pending.catch(() => byUser.delete(email));
    byUser.set(email, pending);
  }
  return pending;
}

/** The signed-in user's company (header name, currency); undefined until known. */
export function useCompany(): CompanySummary | undefined {
  const http = useHttp();
  const email = useAppSelector(selectUser)?.email ?? null;
  const [company, setCompany] = useState<{ email: string; data: CompanySummary } | null>(null);
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
  }, [http, email]);
  return company && company.email === email ? company.data : undefined;
}
