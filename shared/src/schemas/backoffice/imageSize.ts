/**
 * The pixel size of an uploaded image (logo, banner) read from its header, without decoding it.
 * A few hundred kB of PNG can claim 16000 x 16000 pixels (1 GB of RGBA once a browser or a register
 * decodes it), so the size is checked before an image is stored. PNG, JPEG and WebP: the formats
 * sniffImageType accepts.
 */

/**
 * 4096 on a side covers a 4K customer display (3840 x 2160) and any logo; 16 megapixels (64 MB of
 * RGBA decoded) bounds what one image costs the browsers and registers that show it.
 */
export const IMAGE_LIMITS = { maxSide: 4096, maxPixels: 16_000_000 } as const;

export interface ImageSize {
  width: number;
  height: number;
}

export type ImageFormat = 'image/png' | 'image/jpeg' | 'image/webp';

const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;
const u24le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/** The IHDR chunk must come first, right after the signature. */
function pngSize(b: Uint8Array): ImageSize | null {
  if (b.length < 24 || ascii(b, 12, 16) !== 'IHDR') return null;
  return { width: u32be(b, 16), height: u32be(b, 20) };
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic); not DHT (C4), JPG (C8), DAC (CC). */
const isStartOfFrame = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

/**
 * Walks the marker segments by their lengths (an EXIF thumbnail inside APP1 is skipped whole) to
 * the first start-of-frame; the scan data (SOS) or the end of the bytes first means no size.
 */
function jpegSize(b: Uint8Array): ImageSize | null {
  let i = 2;
  while (i + 1 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    i += 2;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // no length
    if (marker === 0xd9 || marker === 0xda || i + 2 > b.length) return null;
    const length = u16be(b, i);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (length < 7 || i + 7 > b.length) return null;
      // A height of 0 is given later by a DNL marker: refused rather than guessed.
      return { height: u16be(b, i + 3), width: u16be(b, i + 5) };
    }
    i += length;
  }
  return null;
}

/** RIFF....WEBP, then a VP8 (lossy), VP8L (lossless) or VP8X (extended) chunk. */
function webpSize(b: Uint8Array): ImageSize | null {
  if (b.length < 16) return null;
  const chunk = ascii(b, 12, 16);
  const need = chunk === 'VP8L' ? 25 : 30;
  if (b.length < need) return null;
  if (chunk === 'VP8 ') {
    // A key frame: 3 bytes of frame tag, the start code 9d 01 2a, then 14-bit width and height.
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return { width: (b[26]! | (b[27]! << 8)) & 0x3fff, height: (b[28]! | (b[29]! << 8)) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return null;
    const bits = (b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24)) >>> 0;
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  return null;
}

/** The size the header of an image of `format` claims, or null when the header cannot be read. */
export function imageSize(bytes: Uint8Array, format: ImageFormat): ImageSize | null {
  const size = format === 'image/png' ? pngSize(bytes) : format === 'image/jpeg' ? jpegSize(bytes) : webpSize(bytes);
  return size && size.width > 0 && size.height > 0 ? size : null;
}

/** The message for the image field when its size is unreadable or too large, else null. */
export function imageSizeProblem(bytes: Uint8Array, format: ImageFormat): string | null {
  const size = imageSize(bytes, format);
  if (!size) return 'the image could not be read (its header is damaged or incomplete): save it again and retry';
  const { maxSide, maxPixels } = IMAGE_LIMITS;
  if (size.width > maxSide || size.height > maxSide || size.width * size.height > maxPixels) {
    return `the image is ${size.width} x ${size.height} pixels: at most ${maxSide} x ${maxSide} and ${maxPixels / 1_000_000} megapixels`;
  }
  return null;
}
