import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { UploadMessages } from '@domestique/proto';
import { fileOf, RIDE_A } from '../test-uploads';
import { UploadNetworkError, UploadServerError, uploadFile } from './upload-api';

type Listener = (event: { lengthComputable: boolean; loaded: number; total: number }) => void;

/** An XMLHttpRequest stand-in the test answers: records what was sent, fires what the test says. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  withCredentials = false;
  responseType = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  aborted = false;
  private readonly listeners = new Map<string, (() => void)[]>();
  private readonly uploadListeners: Listener[] = [];
  readonly upload = {
    addEventListener: (type: string, listener: Listener) => {
      if (type === 'progress') this.uploadListeners.push(listener);
    },
  };
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.fire('abort');
  }
  progress(loaded: number, total: number) {
    for (const listener of this.uploadListeners) listener({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: string, statusText = '') {
    this.status = status;
    this.statusText = statusText;
    this.responseText = body;
    this.fire('load');
  }
  fire(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
}

const realXhr = globalThis.XMLHttpRequest;
beforeEach(() => {
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
});
afterEach(() => {
  globalThis.XMLHttpRequest = realXhr;
});

const xhr = () => FakeXhr.last!;

describe('uploadFile', () => {
  it('posts the file in the "files" field with the session cookie, reports progress and answers its result', async () => {
    const progress: [number, number][] = [];
    const file = fileOf('edge.fit');
    const result = uploadFile(file, (sent, total) => progress.push([sent, total]));
    expect(xhr()).toMatchObject({ method: 'POST', url: '/api/rides/upload', withCredentials: true });
    expect(xhr().body!.getAll('files')).toHaveLength(1);
    expect((xhr().body!.get('files') as File).name).toBe('edge.fit');
    xhr().progress(100, 400);
    xhr().progress(400, 400);
    xhr().answer(
      200,
      JSON.stringify({ results: [{ file: 'edge.fit', status: 'imported', rideId: RIDE_A }] }),
    );
    await expect(result).resolves.toEqual({ file: 'edge.fit', status: 'imported', rideId: RIDE_A });
    expect(progress).toEqual([
      [100, 400],
      [400, 400],
    ]);
  });

  it("turns a refusal of the request (4xx) into the file's refusal, in the server's words", async () => {
    const refused = uploadFile(fileOf('huge.fit'), () => undefined);
    xhr().answer(413, JSON.stringify({ message: UploadMessages.fileTooLarge }));
    await expect(refused).resolves.toEqual({
      file: 'huge.fit',
      status: 'rejected',
      message: UploadMessages.fileTooLarge,
    });

    const plain = uploadFile(fileOf('a.fit'), () => undefined);
    xhr().answer(413, '', 'Payload Too Large');
    await expect(plain).resolves.toMatchObject({ status: 'rejected', message: '413: Payload Too Large' });
  });

  it('rejects what a retry may fix: a server error, a lost connection, an answer it cannot read', async () => {
    const failed = uploadFile(fileOf('a.fit'), () => undefined);
    xhr().answer(503, JSON.stringify({ message: 'Rides are starting. Try again shortly.' }));
    await expect(failed).rejects.toEqual(
      new UploadServerError(503, 'Rides are starting. Try again shortly.'),
    );

    const busy = uploadFile(fileOf('a.fit'), () => undefined);
    xhr().answer(429, JSON.stringify({ message: 'Too many requests' }));
    await expect(busy).rejects.toBeInstanceOf(UploadServerError);

    const lost = uploadFile(fileOf('a.fit'), () => undefined);
    xhr().fire('error');
    await expect(lost).rejects.toBeInstanceOf(UploadNetworkError);

    const garbled = uploadFile(fileOf('a.fit'), () => undefined);
    xhr().answer(200, JSON.stringify({ results: [{ file: 'a.fit', status: 'maybe' }] }));
    await expect(garbled).rejects.toBeInstanceOf(UploadServerError);
  });

  it('aborts the request with its signal', async () => {
    const controller = new AbortController();
    const upload = uploadFile(fileOf('a.fit'), () => undefined, controller.signal);
    controller.abort();
    expect(xhr().aborted).toBe(true);
    await expect(upload).rejects.toMatchObject({ name: 'AbortError' });
  });
});
