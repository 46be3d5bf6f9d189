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
