import { deflateSync } from 'node:zlib';

/*
 * Tiny PNG images for the demo banners, drawn in code (no binary files in the repository): a
 * background colour with a lighter band, enough for a kiosk or customer display to show something.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A `width` x `height` RGB PNG in `color` (#rrggbb) with a band of `band` across the middle third. */
export function bannerPng(width: number, height: number, color: string, band: string): Buffer {
  const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const [a, b] = [rgb(color), rgb(band)];
  const row = (y: number) => {
    const inBand = y >= height / 3 && y < (2 * height) / 3;
    const px = inBand ? b : a;
    const line = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) line.set(px!, 1 + x * 3);
    return line;
  };
  const raw = Buffer.concat(Array.from({ length: height }, (_, y) => row(y)));
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
