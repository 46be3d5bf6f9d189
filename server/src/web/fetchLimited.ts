/**
 * The body of a GET on another origin, at most `maxBytes` (checked while it streams, not only by its
 * Content-Length) and within `timeoutMs`; no redirect followed. A release's manifest and server build.
 */
export async function fetchLimited(
  url: string,
  { maxBytes, timeoutMs, accept }: { maxBytes: number; timeoutMs: number; accept?: string },
): Promise<Buffer> {
  const response = await fetch(url, {
    signal: AbortSignal.timeout(timeoutMs),
    ...(accept ? { headers: { accept } } : {}),
    redirect: 'error',
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) throw new Error('too large');
  const reader = response.body!.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Error('too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
