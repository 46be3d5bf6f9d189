import type { AxiosInstance } from 'axios';

/**
 * Downloads a file the server builds (CSV export) through the shell's HTTP client, so the request
 * carries the session headers; the browser then saves it under the server's file name.
 */
export async function downloadFile(
  http: AxiosInstance,
  url: string,
  params: Record<string, string | number | undefined>,
  fallbackName: string,
): Promise<void> {
  const response = await http.get<Blob>(url, { params, responseType: 'blob' });
  const disposition = String(response.headers['content-disposition'] ?? '');
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  const href = URL.createObjectURL(response.data);
  try {
    const link = document.createElement('a');
    link.href = href;
    link.download = name;
    link.rel = 'noopener';
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // Revoked after the click has been handled (revoking at once can cancel the download).
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  }
}

/**
 * The `delimiter` an export asks for in the user's language: Excel in Spanish locales splits a CSV
 * on `;` and reads a decimal point as a thousands separator, so a Spanish user gets `;` and decimal
 * commas (the server writes both); English keeps `,` and points. Both files import back.
 */
export function csvDelimiter(language: string | undefined): 'semicolon' | undefined {
  return language?.toLowerCase().startsWith('es') ? 'semicolon' : undefined;
}
