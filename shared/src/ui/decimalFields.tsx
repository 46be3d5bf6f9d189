import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { decimalValue, minorUnits, parseDecimal, type DecimalProblem, type DecimalRules } from './decimal';
import { TextField, type TextFieldProps } from './fields';

/*
 * Money, quantity and percentage fields: text inputs read in the page's language (decimal.ts), never
 * browser number fields. A form keeps what was typed as text; `decimalResolver` reads the named
 * fields before the form's schema sees them, so a problem is said on its field in the page's words,
 * and the schema gets numbers (or minor units) as before.
 */

/** A decimal input: the keyboard for numbers on phones, nothing the browser re-reads its own way. */
export function DecimalField(props: TextFieldProps) {
  return <TextField inputMode="decimal" autoComplete="off" spellCheck={false} {...props} type="text" />;
}

export interface DecimalFieldRule extends DecimalRules {
  /** Hand the schema minor units (cents for 2 decimals) instead of the number. */
  minor?: boolean;
}

/** The words for a problem (the page's language). */
export type DecimalMessage = (problem: DecimalProblem, rule: DecimalFieldRule) => string;

type Json = Record<string, unknown> | unknown[];

/** Every concrete path of `pattern` ("lines.*.quantity") in `values`, with its value. */
function pathsOf(values: unknown, pattern: string[], prefix: string[] = []): { path: string[]; value: unknown }[] {
  if (pattern.length === 0) return [{ path: prefix, value: values }];
  if (values === null || typeof values !== 'object') return [];
  const [head, ...rest] = pattern;
  const keys = head === '*' ? Object.keys(values) : [head!];
  return keys.flatMap((key) => pathsOf((values as Record<string, unknown>)[key], rest, [...prefix, key]));
}

/** A copy of the form's values deep enough to write into: plain objects and arrays, the rest shared. */
function copyPlain<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copyPlain) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copyPlain(v)])) as T;
  }
  return value;
}

function setIn(target: Json, path: string[], value: unknown): void {
  let node = target as Record<string, unknown>;
  path.slice(0, -1).forEach((key, i) => {
    if (node[key] === null || typeof node[key] !== 'object') node[key] = /^\d+$/.test(path[i + 1]!) ? [] : {};
    node = node[key] as Record<string, unknown>;
  });
  node[path[path.length - 1]!] = value;
}

function getIn(source: unknown, path: string[]): unknown {
  return path.reduce<unknown>(
    (node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
    source,
  );
}

/**
 * Wraps a form's resolver: the fields named in `rules` (dotted paths, `*` for every row of a list)
 * hold text; each is read with its rule and handed on as a number (null when empty), or refused
 * with `message` on its field, whatever the schema would have said.
 */
export function decimalResolver<TValues extends FieldValues, TContext, TOut>(
  inner: Resolver<TValues, TContext, TOut>,
  rules: Record<string, DecimalFieldRule>,
  lang: string,
  message: DecimalMessage,
): Resolver<TValues, TContext, TOut> {
  return async (values, context, options) => {
    const converted = copyPlain(values);
    const problems: { path: string[]; error: FieldError }[] = [];
    for (const [pattern, rule] of Object.entries(rules)) {
      for (const { path, value } of pathsOf(values, pattern.split('.'))) {
        if (typeof value !== 'string') continue;
        const parsed = parseDecimal(value, lang, rule);
        if (!parsed.ok) {
          problems.push({ path, error: { type: 'decimal', message: message(parsed.problem, rule) } });
          continue;
        }
        setIn(converted, path, rule.minor ? minorUnits(parsed, rule.decimals) : decimalValue(parsed));
      }
    }
    const result = await inner(converted, context, options);
    if (problems.length === 0) return result;
    // The schema's answer is made for this call: its errors are ours to add to.
    const errors = (result.errors ?? {}) as Json;
    for (const { path, error } of problems) {
      setIn(errors, path, { ...error, ref: (getIn(errors, path) as FieldError | undefined)?.ref });
    }
    return { values: {}, errors: errors as FieldErrors<TValues> };
  };
}
