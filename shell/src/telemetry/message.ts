const MAX_MESSAGE = 200;

/**
 * An error's message as the telemetry sends it: cut to 200 characters, with what could identify a
 * person or a record taken out (e-mail addresses, query strings, long numbers).
 */
export function telemetryMessage(error: unknown): string {
  const raw =
    error instanceof Error
      ? `${error.name}: ${error.message}`
      : typeof error === 'string'
        ? error
        : error && typeof error === 'object' && 'message' in error
          ? String((error as { message: unknown }).message)
          : String(error);
  return raw
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, '<email>')
    .replace(/\?[^\s"')]*/g, '')
    .replace(/\d{5,}/g, '<n>')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_MESSAGE);
}
