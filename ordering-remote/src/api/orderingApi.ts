import { useMemo } from 'react';
import type { AxiosInstance } from 'axios';
import { isAxiosError } from '@hive/shared/http';
import { useHttp } from '@hive/shared/shell-contract';
import type { CreateOrderInput, OrderingToken, PublicOrder, StoreGiftCard, StoreMenu, StoreProfile } from '@hive/shared/schemas/ordering';

/*
 * The public ordering API through the shell's HTTP client: it sends no session headers for these
 * URLs and never runs the expiry flow on their 401s. The ordering token is kept per store in memory
 * and renewed a minute before it expires, or once when the server refuses it.
 */

const tokens = new Map<string, { token: string; expiresAt: number }>();

export function forgetTokens(): void {
  tokens.clear();
}

async function token(http: AxiosInstance, slug: string, fresh = false): Promise<string> {
  const cached = tokens.get(slug);
  if (!fresh && cached && cached.expiresAt - Date.now() > 60_000) return cached.token;
  const { data } = await http.get<OrderingToken>('/gettokenonline', { params: { store: slug } });
  tokens.set(slug, { token: data.token, expiresAt: Date.parse(data.expiresAt) });
  return data.token;
}

async function withToken<T>(http: AxiosInstance, slug: string, call: (headers: Record<string, string>) => Promise<T>): Promise<T> {
  try {
    return await call({ 'X-Ordering-Token': await token(http, slug) });
  } catch (error) {
    if (isAxiosError(error) && error.response?.status === 401) {
      return call({ 'X-Ordering-Token': await token(http, slug, true) });
    }
    throw error;
  }
}

const path = (slug: string) => `/ordering_online/${encodeURIComponent(slug)}`;

export function createOrderingApi(http: AxiosInstance) {
  return {
    profile: async (slug: string) => (await http.get<StoreProfile>(`/ordering_master/stores/${encodeURIComponent(slug)}`)).data,
    menu: (slug: string) => withToken(http, slug, async (headers) => (await http.get<StoreMenu>(`${path(slug)}/menu`, { headers })).data),
    createOrder: (slug: string, body: CreateOrderInput) =>
      withToken(http, slug, async (headers) => (await http.post<PublicOrder>(`${path(slug)}/orders`, body, { headers })).data),
    giftCard: (slug: string, number: string) =>
      withToken(http, slug, async (headers) => (await http.get<StoreGiftCard>(`${path(slug)}/gift-cards/${encodeURIComponent(number)}`, { headers })).data),
    order: (slug: string, id: string) =>
      withToken(http, slug, async (headers) => (await http.get<PublicOrder>(`${path(slug)}/orders/${encodeURIComponent(id)}`, { headers })).data),
  };
}
export type OrderingApi = ReturnType<typeof createOrderingApi>;

export function useOrderingApi(): OrderingApi {
  const http = useHttp();
  return useMemo(() => createOrderingApi(http), [http]);
}

/** `{status, body}` of an axios error, when the server answered. */
export function errorResponse(error: unknown): { status: number; body: { error?: string; message?: string; fields?: Record<string, string> } } | null {
  if (isAxiosError(error) && error.response) {
    const body = typeof error.response.data === 'object' && error.response.data !== null ? error.response.data : {};
    return { status: error.response.status, body };
  }
  return null;
}
