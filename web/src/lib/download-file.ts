// Downloads a file from the API through the one HTTP client (bearer token, XSRF) and hands it to the
// browser as a download, under the name the server gave it.
import { api } from './api-client';

const DOWNLOAD_TIMEOUT_MS = 60_000;

export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const response = await api.get<Blob>(url, { responseType: 'blob', timeout: DOWNLOAD_TIMEOUT_MS });
  const disposition = String(response.headers['content-disposition'] ?? '');
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  const href = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the blob can go once the browser has it.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
