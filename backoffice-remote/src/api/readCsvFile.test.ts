import { TextDecoder as NodeTextDecoder } from 'node:util';
import { readCsvFile } from './readCsvFile';

// jsdom has no TextDecoder of its own; Node's knows windows-1252 (full ICU).
globalThis.TextDecoder ??= NodeTextDecoder as unknown as typeof TextDecoder;

describe('readCsvFile', () => {
  it('reads UTF-8 (dropping a BOM) and falls back to Windows-1252', async () => {
    const utf8 = new Blob([new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('sku;name\r\nA;Café')])]);
    expect(await readCsvFile(utf8)).toBe('sku;name\r\nA;Café');
    // "Café" as Excel on Windows saves it: é is the one byte 0xE9, which is no UTF-8. (Not "€":
    // Node 20's decoder reads windows-1252 as Latin-1, browsers map 0x80 to € as the standard says.)
    const cp1252 = new Blob([new Uint8Array([...Array.from('A;Caf', (c) => c.charCodeAt(0)), 0xe9])]);
    expect(await readCsvFile(cp1252)).toBe('A;Café');
  });
});
