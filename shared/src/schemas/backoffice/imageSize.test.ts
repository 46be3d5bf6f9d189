import { IMAGE_LIMITS, imageSize, imageSizeProblem } from './imageSize';

/** Bytes from numbers and ASCII strings. */
const bytes = (...parts: (number | string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : Array.isArray(p) ? p : [p])),
  );
const be32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const png = (w: number, h: number) =>
  bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, be32(13), 'IHDR', be32(w), be32(h), 8, 6, 0, 0, 0);
const sof = (marker: number, w: number, h: number) => [
  0xff,
  marker,
  0,
  11,
  8,
  h >> 8,
  h & 0xff,
  w >> 8,
  w & 0xff,
  1,
  1,
  0x11,
  0,
];
const riff = (...chunk: (number | string | number[])[]) => bytes('RIFF', 0, 0, 0, 0, 'WEBP', ...chunk);

describe('imageSize: the size an image header claims', () => {
  it('PNG: the IHDR chunk right after the signature', () => {
    expect(imageSize(png(640, 480), 'image/png')).toEqual({ width: 640, height: 480 });
    expect(imageSize(png(100_000, 100_000), 'image/png')).toEqual({ width: 100_000, height: 100_000 });
    expect(imageSize(png(0, 10), 'image/png')).toBeNull();
    expect(imageSize(png(640, 480).subarray(0, 20), 'image/png')).toBeNull();
  });

  it('JPEG: the first frame header, past an EXIF segment whose thumbnail has its own', () => {
    const thumbnail = [0xff, 0xd8, ...sof(0xc0, 160, 120), 0xff, 0xd9];
    const app1 = [0xff, 0xe1, 0, 2 + 6 + thumbnail.length, ...bytes('Exif', 0, 0), ...thumbnail];
    expect(imageSize(bytes(0xff, 0xd8, app1, sof(0xc2, 3000, 2000)), 'image/jpeg')).toEqual({
      width: 3000,
      height: 2000,
    });
    // Fill bytes before a marker; a Huffman table (C4) is no frame header.
    const dht = [0xff, 0xc4, 0, 3, 0];
    expect(imageSize(bytes(0xff, 0xd8, 0xff, dht, sof(0xc1, 20, 10)), 'image/jpeg')).toEqual({ width: 20, height: 10 });
    // The scan before any frame header, or the bytes ending: no size.
    expect(imageSize(bytes(0xff, 0xd8, 0xff, 0xda, 0, 2), 'image/jpeg')).toBeNull();
    expect(imageSize(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16, 'JFIF'), 'image/jpeg')).toBeNull();
    expect(imageSize(bytes(0xff, 0xd8, 0x00, 0x00), 'image/jpeg')).toBeNull();
  });

  it('WebP: lossy (VP8), lossless (VP8L) and extended (VP8X)', () => {
    const vp8 = riff(
      'VP8 ',
      0,
      0,
      0,
      0,
      0x30,
      0x01,
      0x00,
      0x9d,
      0x01,
      0x2a,
      640 & 0xff,
      640 >> 8,
      480 & 0xff,
      480 >> 8,
    );
    expect(imageSize(vp8, 'image/webp')).toEqual({ width: 640, height: 480 });
    // VP8L: 14 bits of width - 1, then 14 bits of height - 1.
    const packed = (1000 - 1) | ((500 - 1) << 14);
    const vp8l = riff(
      'VP8L',
      0,
      0,
      0,
      0,
      0x2f,
      packed & 0xff,
      (packed >> 8) & 0xff,
      (packed >> 16) & 0xff,
      packed >>> 24,
      0,
    );
    expect(imageSize(vp8l, 'image/webp')).toEqual({ width: 1000, height: 500 });
    const w = 20_000 - 1;
    const vp8x = riff('VP8X', 10, 0, 0, 0, 0, 0, 0, 0, w & 0xff, (w >> 8) & 0xff, w >> 16, 0, 0, 0);
    expect(imageSize(vp8x, 'image/webp')).toEqual({ width: 20_000, height: 1 });
    expect(imageSize(riff('VP8 ', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), 'image/webp')).toBeNull();
    expect(imageSize(riff('ALPH'), 'image/webp')).toBeNull();
  });

  it('the problem names the size and the limits, or the unreadable header', () => {
    expect(imageSizeProblem(png(IMAGE_LIMITS.maxSide, 3906), 'image/png')).toBeNull();
    expect(imageSizeProblem(png(4097, 1), 'image/png')).toBe(
      'the image is 4097 x 1 pixels: at most 4096 x 4096 and 16 megapixels',
    );
    expect(imageSizeProblem(png(4096, 4096), 'image/png')).toMatch(/^the image is 4096 x 4096 pixels/);
    expect(imageSizeProblem(bytes(0x89, 'PNG'), 'image/png')).toMatch(/could not be read/);
  });
});
