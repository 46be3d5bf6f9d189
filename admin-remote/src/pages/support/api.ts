// pages/support/api.ts: the support API of the admin console (tickets and the e-mail outbox; one place for their endpoints and calls).
import { useMemo } from 'react';
import type { AxiosInstance } from 'axios';
import type { z } from 'zod';
import { useHttp } from '@hive/shared/shell-contract';
import type { ticketReplySchema, ticketStatusSchema } from '@hive/shared/schemas/admin';
import { ADMIN_API } from '../../api';

/** Endpoints (GETs read by useAdminQuery/useAdminList take these). */
export const SUPPORT_URL = {
  tickets: `${ADMIN_API}/support`,
  /** `id` as the route gave it (encoded here). */
  ticket: (id: string | number) => `${ADMIN_API}/support/${encodeURIComponent(id)}`,
  outbox: `${ADMIN_API}/support/outbox`,
} as const;

export type TicketReply = z.output<typeof ticketReplySchema>;
export type TicketStatusChange = z.output<typeof ticketStatusSchema>;

/** The calls: each a typed function; bodies typed from the shared zod schemas. */
export function supportApi(http: AxiosInstance) {
  return {
    reply: async (ticketId: number, body: TicketReply) =>
      (await http.post<unknown>(`${SUPPORT_URL.ticket(ticketId)}/messages`, body)).data,
    saveStatus: async (ticketId: number, body: TicketStatusChange) =>
      (await http.put<unknown>(`${SUPPORT_URL.ticket(ticketId)}/status`, body)).data,
    /** Applies the ticket's plan request to its company (and closes the ticket). */
    applyPlan: async (ticketId: number) =>
      (await http.post<unknown>(`${SUPPORT_URL.ticket(ticketId)}/apply-plan`, {})).data,
    /** Sends a failed or held e-mail again. */
    retryMail: async (messageId: number) =>
      (await http.post<unknown>(`${SUPPORT_URL.outbox}/${messageId}/retry`, {})).data,
  };
}
export type SupportApi = ReturnType<typeof supportApi>;

/** The area's API on the shell's HTTP client (session headers, 401/403 handling). */
export function useSupportApi(): SupportApi {
  const http = useHttp();
  return useMemo(() => supportApi(http), [http]);
}
