import { sniffImageType, type LogoType } from '@hive/shared/schemas/backoffice/settings';

export type ImageProblem = 'tooLarge' | 'notAnImage' | 'unreadable';
export type ReadImage =
  { ok: true; base64: string; dataUrl: string; type: LogoType; size: number } | { ok: false; problem: ImageProblem };

/**
 * Reads a chosen image for upload with the server's own checks (at most `maxBytes`; PNG, JPEG or
 * WebP by its first bytes, whatever its name says), then its bytes as base64 and a data: URL to
 * preview it (the page's CSP allows data: images, not blob:). The server checks again.
 */
export async function readImage(file: File, maxBytes: number): Promise<ReadImage> {
  if (file.size > maxBytes) return { ok: false, problem: 'tooLarge' };
  let bytes: Uint8Array;
  try {
    bytes = await readBytes(file);
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
  const type = sniffImageType(bytes);
  if (!type) return { ok: false, problem: 'notAnImage' };
  const base64 = toBase64(bytes);
  return { ok: true, base64, dataUrl: `data:${type};base64,${base64}`, type, size: bytes.length };
}

function readBytes(file: File): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(file);
  });
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}
