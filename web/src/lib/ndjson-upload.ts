// Sends a file as multipart and reads an NDJSON answer as it arrives (one JSON object a line), with
// the upload's progress: XMLHttpRequest does both, where fetch cannot report an upload's progress.
import { reportUnauthorized, requestHeaders } from './api-client';

export class NdjsonUploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

type Handlers<E> = {
  onUploadProgress: (fraction: number) => void;
  onEvent: (event: E) => void;
  /** Form fields sent before the file. */
  fields?: Record<string, string>;
};

export function uploadNdjson<E>(
  url: string,
  file: File,
  fallbackError: string,
  handlers: Handlers<E>,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let read = 0;
    const readLines = () => {
      const text = xhr.responseText;
      let end = text.indexOf('\n', read);
      while (end !== -1) {
        const line = text.slice(read, end);
        read = end + 1;
        if (line.trim()) handlers.onEvent(JSON.parse(line) as E);
        end = text.indexOf('\n', read);
      }
    };
    xhr.open('POST', `/api/${url}`);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(requestHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) handlers.onUploadProgress(event.loaded / event.total);
    };
    xhr.onprogress = () => {
      if (xhr.status === 200) readLines();
    };
    xhr.onload = () => {
      if (xhr.status === 200) {
        readLines();
        resolve();
        return;
      }
      if (xhr.status === 401) reportUnauthorized();
      let message = fallbackError;
      try {
        const body = JSON.parse(xhr.responseText) as { message?: unknown };
        if (typeof body.message === 'string' && body.message) message = body.message;
      } catch {
        // not our JSON: keep the fallback
      }
      reject(new NdjsonUploadError(message, xhr.status));
    };
    xhr.onerror = () => reject(new NdjsonUploadError(fallbackError, 0));
    const form = new FormData();
    for (const [name, value] of Object.entries(handlers.fields ?? {})) form.append(name, value);
    form.append('file', file);
    xhr.send(form);
  });
}
