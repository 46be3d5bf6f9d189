import type { z } from 'zod';
import { HttpError } from './errors';

export interface ValidationErrorBody {
  error: 'validation_error';
  message: string;
  fields: Record<string, string>;
}

/** `{ error, message: '<field>: <problem>', fields }` — the one shape of every 400 from validation. */
export function validationErrorBody(error: z.ZodError): ValidationErrorBody {
  const entries: [string, string][] = [];
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
    if (!entries.some(([name]) => name === field)) entries.push([field, issue.message]);
  }
  if (entries.length === 0) entries.push(['body', 'invalid request body']);
  // fromEntries defines own properties, so a field called "__proto__" cannot touch the prototype.
  const fields = Object.fromEntries(entries);
  const [firstField, firstMessage] = entries[0]!;
  return { error: 'validation_error', message: `${firstField}: ${firstMessage}`, fields };
}

/** Parse `input` or throw a 400 HttpError that the final error handler turns into JSON. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new HttpError(400, { ...validationErrorBody(result.error) });
  return result.data;
}

/**
 * Control characters (C0, DEL, C1, U+2028/2029) or lone UTF-16 surrogates. PostgreSQL refuses NUL
 * in text (a 500 otherwise), and such characters in names end up in logs, e-mails and other UIs.
 */
export function hasUnsafeChars(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || c === 0x2028 || c === 0x2029) return true;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i += 1;
        continue;
      }
      return true;
    }
    if (c >= 0xdc00 && c <= 0xdfff) return true;
  }
  return false;
}
