import { isAxiosError } from '@hive/shared/http';
import type { ApiErrorBody } from '@hive/shared/schemas/backoffice';

/** The `{ error, message, fields }` body of a 4xx answer, when there is one. */
export function apiErrorBody(error: unknown): ApiErrorBody | null {
  if (!isAxiosError(error)) return null;
  const body = error.response?.data as Partial<ApiErrorBody> | undefined;
  return body && typeof body === 'object' && typeof body.error === 'string'
    ? { ...body, error: body.error, message: String(body.message ?? ''), fields: body.fields }
    : null;
}

export function httpStatus(error: unknown): number | null {
  return isAxiosError(error) ? (error.response?.status ?? null) : null;
}

/** Field messages of a 400 (validation) or 409 (conflict) answer. */
export function fieldErrors(error: unknown): Record<string, string> {
  const status = httpStatus(error);
  if (status !== 400 && status !== 409) return {};
  return apiErrorBody(error)?.fields ?? {};
}

/** Which kind of failure, to pick a message the user can act on. */
export function failureKind(error: unknown): 'offline' | 'forbidden' | 'notFound' | 'server' | 'other' {
  if (!isAxiosError(error)) return 'other';
  const status = error.response?.status;
  if (status === undefined) return 'offline';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'notFound';
  if (status >= 500) return 'server';
  return 'other';
}

/**
 * A refusal with a reason (409 `{ error: 'tax_rate_in_use', message, count }`): its code and the
 * values the page's text for it may use. Null for any other failure.
 */
export function refusal(error: unknown): { code: string; values: Record<string, unknown>; message: string } | null {
  if (httpStatus(error) !== 409) return null;
  const body = apiErrorBody(error);
  if (!body) return null;
  const { error: code, message, fields: _fields, ...values } = body;
  return { code, values, message };
}

/** Any other limit's refusal (429 with `retryAfter` seconds): the minutes to wait. Null otherwise. */
export function tooManyRequests(error: unknown): { minutes: number } | null {
  if (httpStatus(error) !== 429) return null;
  const body = apiErrorBody(error) as (ApiErrorBody & { retryAfter?: unknown }) | null;
  const seconds = typeof body?.retryAfter === 'number' && body.retryAfter > 0 ? body.retryAfter : 60;
  return { minutes: Math.ceil(seconds / 60) };
}

/**
 * A mail limit's refusal (429 `{ error: 'mail_limit', limit, retryAfter }`): which budget is spent
 * and how many minutes until it may be tried again. Null for any other failure.
 */
export function mailLimit(error: unknown): { limit: 'company' | 'recipient' | 'document'; minutes: number } | null {
  if (httpStatus(error) !== 429) return null;
  const body = apiErrorBody(error) as (ApiErrorBody & { limit?: unknown; retryAfter?: unknown }) | null;
  if (body?.error !== 'mail_limit') return null;
  const limit = body.limit === 'company' || body.limit === 'document' ? body.limit : 'recipient';
  const seconds = typeof body.retryAfter === 'number' && body.retryAfter > 0 ? body.retryAfter : 60;
  return { limit, minutes: Math.ceil(seconds / 60) };
}
