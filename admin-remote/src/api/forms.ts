import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { apiProblem } from './errors';

/**
 * Puts the field messages of a 400 on the form's fields (`addons.0` -> `addons`). Returns true
 * when every message found a field; otherwise the caller shows the problem as a whole.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly string[],
): boolean {
  const problem = apiProblem(error);
  if (problem.status !== 400) return false;
  const entries = Object.entries(problem.fields);
  let all = entries.length > 0;
  for (const [path, message] of entries) {
    const field = path.split('.')[0]!;
    if (fieldNames.includes(field)) setError(field as Path<T>, { type: 'server', message });
    else all = false;
  }
  return all;
}
