/**
 * A CSV file's text: UTF-8 (with or without a BOM) when its bytes are valid UTF-8, else
 * Windows-1252, which Excel on Windows writes for "CSV (comma delimited)" in Western locales (an
 * "é" is then one byte that is not UTF-8). The server reads the text; the separator it detects.
 */
export async function readCsvFile(file: Blob): Promise<string> {
  const bytes = await new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(file);
  });
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
