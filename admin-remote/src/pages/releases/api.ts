// pages/releases/api.ts: the releases API of the admin console (one place for its endpoints and calls).
import { useMemo } from 'react';
import type { AxiosInstance } from 'axios';
import type { z } from 'zod';
import { useHttp } from '@hive/shared/shell-contract';
import type { CanaryReleaseBody, releaseActionSchema } from '@hive/shared/schemas/releases';
import { ADMIN_API } from '../../api';

/** Endpoints (GETs read by useAdminQuery/useAdminList take these). */
export const RELEASES_URL = {
  releases: `${ADMIN_API}/releases`,
  release: (id: number) => `${ADMIN_API}/releases/${id}`,
} as const;

/** A promote or rollback body: the reason left out when there is none. */
export type ReleaseActionInput = NonNullable<z.input<typeof releaseActionSchema>>;

/** The calls: each a typed function; bodies typed from the shared zod schemas. */
export function releasesApi(http: AxiosInstance) {
  return {
    /** Starts or changes a release's canary. */
    canary: async (id: number, body: CanaryReleaseBody) =>
      (await http.post<unknown>(`${RELEASES_URL.release(id)}/canary`, body)).data,
    act: async (id: number, action: 'promote' | 'rollback', body: ReleaseActionInput) =>
      (await http.post<unknown>(`${RELEASES_URL.release(id)}/${action}`, body)).data,
  };
}
export type ReleasesApi = ReturnType<typeof releasesApi>;

/** The area's API on the shell's HTTP client (session headers, 401/403 handling). */
export function useReleasesApi(): ReleasesApi {
  const http = useHttp();
  return useMemo(() => releasesApi(http), [http]);
}
