import { isAxiosError } from '@hive/shared/http';
import type { TFunction } from 'i18next';
import { adminMessageKey } from '@hive/shared/schemas/admin';
import type { DecimalMessage } from '@hive/shared/ui';

/** What the UI needs to know about a failed call. */
export interface ApiProblem {
  status: number | null;
  /** Server error code (validation_error, code_taken, ...). */
  code: string | null;
  message: string | null;
  /** Field messages of a 400 (`{ field: message }`). */
  fields: Record<string, string>;
}

export function apiProblem(error: unknown): ApiProblem {
  if (!isAxiosError(error) || !error.response) return { status: null, code: null, message: null, fields: {} };
  const body = (error.response.data ?? {}) as { error?: unknown; message?: unknown; fields?: unknown };
  const fields: Record<string, string> = {};
  if (body.fields && typeof body.fields === 'object') {
    for (const [name, text] of Object.entries(body.fields as Record<string, unknown>)) {
      if (typeof text === 'string') fields[name] = text;
    }
  }
  return {
    status: error.response.status,
    code: typeof body.error === 'string' ? body.error : null,
    message: typeof body.message === 'string' ? body.message : null,
    fields,
  };
}

/** A field message of the shared schemas in the user's language (others as the server wrote them). */
export function fieldMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = adminMessageKey(message);
  return key ? t(`validation.${key}`, { defaultValue: message }) : message;
}

/** A number field's problem in the user's words (@hive/shared/ui decimal.ts). */
export const decimalMessage =
  (t: TFunction): DecimalMessage =>
  (problem, rule) => {
    if (problem === 'otherSeparator') return t('validation.decimalSeparator');
    if (problem === 'ambiguous') return t('validation.ambiguousNumber');
    if (problem === 'decimals') {
      return rule.decimals === 0 ? t('validation.wholeNumber') : t('validation.decimals', { decimals: rule.decimals });
    }
    if (problem === 'negative') return t('validation.min', { min: 0 });
    return t('validation.notANumber');
  };

/** One sentence for an alert or a toast. */
export function describeProblem(t: TFunction, error: unknown): string {
  const problem = apiProblem(error);
  if (problem.status === null) return t('errors.network');
  if (problem.status === 403) return t('errors.forbidden');
  if (problem.status === 404) return t('errors.notFound');
  if (problem.status >= 500) return t('errors.server');
  if (problem.code && problem.status === 409) {
    return t(`errors.conflict.${problem.code}`, { defaultValue: problem.message ?? t('errors.generic') });
  }
  if (problem.status === 400) {
    const [field, text] = Object.entries(problem.fields)[0] ?? [];
    return field ? `${field}: ${fieldMessage(t, text)}` : (problem.message ?? t('errors.generic'));
  }
  return problem.message ?? t('errors.generic');
}
