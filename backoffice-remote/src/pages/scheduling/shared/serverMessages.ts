import { useCallback } from 'react';
import type { UseFormSetError, FieldValues, Path } from 'react-hook-form';
import {
  englishMessages,
  VALIDATION_MESSAGE_KEYS,
  type ValidationMessageKey,
  type ValidationValues,
} from '@hive/shared/schemas/backoffice';
import { fieldErrors } from '../../../api';
import { useAreaT } from '../../../i18n';
import { useFailureMessage } from '../../../frames/resource';

const PLACEHOLDER = /\{\{(\w+)\}\}/g;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A regular expression matching an English message with its `{{values}}` captured by name. */
function matcherOf(template: string): { pattern: RegExp; names: string[] } {
  const parts = template.split(PLACEHOLDER);
  const names: string[] = [];
  const source = parts.map((part, index) => (index % 2 === 0 ? escape(part) : (names.push(part), '(.+?)'))).join('');
  return { pattern: new RegExp(`^${source}$`, 'i'), names };
}

/** The English texts of the shared schemas' rules (what the server's 400 answers say), as matchers. */
const VALIDATION_MATCHERS = VALIDATION_MESSAGE_KEYS.map((key) => {
  const asTemplate = new Proxy({} as ValidationValues, { get: (_target, name) => `{{${String(name)}}}` });
  return { key, ...matcherOf(englishMessages(key, asTemplate)) };
});

/** Problems the scheduling API states in its own words (not one of the shared rules). */
const OWN_MESSAGES: { pattern: RegExp; key: string; names: string[] }[] = [
  { pattern: /^this employee is inactive/i, key: 'employeeInactive', names: [] },
  {
    pattern: /^this employee does not work at (.+?): add it on Employees first$/i,
    key: 'notAtLocation',
    names: ['location'],
  },
  { pattern: /^choose an active employee$/i, key: 'chooseActiveEmployee', names: [] },
  { pattern: /^must not be in the future$/i, key: 'inFuture', names: [] },
  { pattern: /^must be shorter than the time clocked in so far$/i, key: 'breakTooLongOpen', names: [] },
  { pattern: /^no such location$/i, key: 'noSuchLocation', names: [] },
  { pattern: /^no such employee$/i, key: 'noSuchEmployee', names: [] },
  { pattern: /^the company has no location$/i, key: 'noLocation', names: [] },
  { pattern: /^must be on or after from$/i, key: 'toBeforeFrom', names: [] },
  { pattern: /^the period must be at most (\d+) days long$/i, key: 'periodTooLong', names: ['days'] },
  { pattern: /^a custom period needs (from|to)$/i, key: 'customNeedsDates', names: [] },
  { pattern: /^must be a date as YYYY-MM-DD$/i, key: 'badDate', names: [] },
];

const capitalised = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text);

/**
 * The user's words for a problem the server sent in English on a field: a shared rule's text (in
 * the common namespace's `validation`), one of the scheduling API's own sentences, else the
 * server's sentence as it is.
 */
export function useServerMessage() {
  const { t } = useAreaT('scheduling');
  return useCallback(
    (message: string): string => {
      const text = message.trim();
      for (const { key, pattern, names } of VALIDATION_MATCHERS) {
        const m = pattern.exec(text);
        if (m) {
          const values = Object.fromEntries(names.map((name, i) => [name, m[i + 1]]));
          return t(`common:validation.${key satisfies ValidationMessageKey}`, values);
        }
      }
      for (const { key, pattern, names } of OWN_MESSAGES) {
        const m = pattern.exec(text);
        if (m) return t(`shared.server.${key}`, Object.fromEntries(names.map((name, i) => [name, m[i + 1]])));
      }
      return capitalised(text);
    },
    [t],
  );
}

/**
 * What a failed save means for a form: the 400's field messages land on the fields the form shows
 * (the first one focused); anything else (a field the form does not show, a refusal in words, the
 * server unreachable) comes back as the form's message.
 */
export function useSubmitFailure(prefix: string) {
  const failure = useFailureMessage(prefix);
  const serverMessage = useServerMessage();
  return useCallback(
    <V extends FieldValues>(error: unknown, shown: readonly string[], setError: UseFormSetError<V>): string | null => {
      const fields = Object.entries(fieldErrors(error));
      if (fields.length === 0) return failure(error);
      const loose: string[] = [];
      let first = true;
      for (const [field, message] of fields) {
        const text = serverMessage(message);
        if (shown.includes(field)) {
          setError(field as Path<V>, { type: 'server', message: text }, { shouldFocus: first });
          first = false;
        } else {
          loose.push(text);
        }
      }
      return loose.length > 0 ? loose.join(' ') : null;
    },
    // failure is a new function each render; its texts only change with the language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [serverMessage],
  );
}
