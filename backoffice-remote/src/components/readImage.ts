import { IMAGE_LIMITS, imageSize } from '@hive/shared/schemas/backoffice/imageSize';
import { sniffImageType, type LogoType } from '@hive/shared/schemas/backoffice/settings';

export type ImageProblem = 'tooLarge' | 'notAnImage' | 'unreadable' | 'tooManyPixels';
export type ReadImage =
  { ok: true; base64: string; dataUrl: string; type: LogoType; size: number } | { ok: false; problem: ImageProblem };

/**
 * Reads a chosen image for upload with the server's own checks (at most `maxBytes`; PNG, JPEG or
 * WebP by its first bytes, whatever its name says; at most 4096 x 4096 and 16 megapixels by its
 * header), then its bytes as base64 and a data: URL to
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
  // The size its header claims, as the server reads it: no decoding a 16000 x 16000 image here either.
  const size = imageSize(bytes, type);
  if (!size) return { ok: false, problem: 'unreadable' };
  const { maxSide, maxPixels } = IMAGE_LIMITS;
  if (size.width > maxSide || size.height > maxSide || size.width * size.height > maxPixels) {
    return { ok: false, problem: 'tooManyPixels' };
  }
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
