import '../../../app/zod-jitless';
import {
  ArchiveImport,
  UPLOAD_FIELD,
  UploadResponse,
  type ArchiveImportDto,
  type UploadFileResultDto,
} from '@domestique/proto';
import { z } from 'zod';
import { failureText, getValidated } from '../../../app/rest/validated-rest';

export const UPLOAD_PATH = '/api/rides/upload';
export const IMPORTS_PATH = '/api/rides/imports';

/** The upload never reached the server or its answer never came back: worth a retry. */
export class UploadNetworkError extends Error {
  constructor(message = 'The upload was interrupted. Check your connection and try again.') {
    super(message);
    this.name = 'UploadNetworkError';
  }
}

/** The server could not take the file now (5xx): worth a retry, with the server's words. */
export class UploadServerError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'UploadServerError';
  }
}

export const UNREADABLE_UPLOAD_ANSWER = 'The server sent an answer this page cannot read.';

/** Bytes sent of the request body so far. */
export type UploadProgressListener = (sent: number, total: number) => void;

/** 4xx answers about the moment, not the file (too many requests, a timeout): worth a retry. */
const RETRYABLE = new Set([408, 429]);

/**
 * What the server says of one file it answered. A 4xx answer for the request (wrong type, too
 * large, not signed in) is that file's refusal in the server's words; a 5xx (or RETRYABLE) is an
 * error to retry.
 */
const resultOf = (file: File, status: number, statusText: string, text: string): UploadFileResultDto => {
  if (status === 0) throw new UploadNetworkError();
  if (status >= 500 || RETRYABLE.has(status))
    throw new UploadServerError(status, failureText(status, statusText, text));
  if (status >= 400)
    return { file: file.name, status: 'rejected', message: failureText(status, statusText, text) };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new UploadServerError(status, UNREADABLE_UPLOAD_ANSWER);
  }
  const parsed = UploadResponse.safeParse(body);
  const result = parsed.success ? parsed.data.results[0] : undefined;
  if (!result) throw new UploadServerError(status, UNREADABLE_UPLOAD_ANSWER);
  return result;
};

/**
 * `POST /api/rides/upload` with one file, through XMLHttpRequest because fetch() reports no upload
 * progress. Same conventions as the app's other REST calls: the session cookie, and the browser's
 * own Origin header for the gateway's origin check (a same-origin request sends it by itself).
 * Resolves the file's result (a refusal included); rejects with `UploadNetworkError` or
 * `UploadServerError` when trying again may help, or an AbortError when `signal` aborts.
 */
export const uploadFile = (
  file: File,
  onProgress: UploadProgressListener,
  signal?: AbortSignal,
): Promise<UploadFileResultDto> =>
  new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', UPLOAD_PATH);
    request.withCredentials = true;
    request.responseType = 'text';
    request.setRequestHeader('accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    });
    request.addEventListener('load', () => {
      try {
        resolve(resultOf(file, request.status, request.statusText, request.responseText));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    request.addEventListener('error', () => reject(new UploadNetworkError()));
    request.addEventListener('timeout', () => reject(new UploadNetworkError()));
    request.addEventListener('abort', () => reject(new DOMException('Upload aborted', 'AbortError')));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    const body = new FormData();
    body.append(UPLOAD_FIELD, file, file.name);
    request.send(body);
  });

const ArchiveImports = z.array(ArchiveImport);

export const uploadApi = {
  /** `GET /api/rides/imports/{id}`: an archive import's progress and, as they come, its entries' results. */
  archiveImport: (id: string, signal?: AbortSignal): Promise<ArchiveImportDto> =>
    getValidated(`${IMPORTS_PATH}/${encodeURIComponent(id)}`, ArchiveImport, signal),
  /** `GET /api/rides/imports?active=true`: the rider's archive imports still queued or running. */
  activeImports: (signal?: AbortSignal): Promise<ArchiveImportDto[]> =>
    getValidated(`${IMPORTS_PATH}?active=true`, ArchiveImports, signal),
};
