import type { ArchiveImportDto, UploadFileResultDto } from '@domestique/proto';
import { UploadQueue, type UploadQueueDeps } from './upload-queue';

/** Upload fixtures: the server's answers and a queue whose requests the test answers by hand. */

export const RIDE_A = '00000000-0000-4000-8000-00000000000a';
export const RIDE_B = '00000000-0000-4000-8000-00000000000b';
export const IMPORT_ID = '00000000-0000-4000-8000-0000000000f1';

export const fileOf = (name: string, size = 2048): File => {
  const file = new File([new Uint8Array(Math.min(size, 16))], name);
  // the rules read the size only: a 60 MB file need not be built
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

export const archive = (overrides: Partial<ArchiveImportDto> = {}): ArchiveImportDto => ({
  id: IMPORT_ID,
  fileName: 'export_123.zip',
  status: 'running',
  total: 1000,
  processed: 120,
  imported: 110,
  duplicates: 6,
  rejected: 4,
  results: [],
  message: null,
  createdAt: '2026-11-27T03:00:00.000Z',
  updatedAt: '2026-11-27T03:01:00.000Z',
  ...overrides,
});

interface PendingUpload {
  file: File;
  progress: (sent: number, total: number) => void;
  resolve: (result: UploadFileResultDto) => void;
  reject: (error: unknown) => void;
  signal?: AbortSignal;
}

/** A queue over fake requests: `pending` holds the uploads on their way, answered by the test. */
export const manualQueue = (overrides: Partial<UploadQueueDeps> = {}) => {
  const pending: PendingUpload[] = [];
  const archiveReads: string[] = [];
  let archiveAnswer: () => Promise<ArchiveImportDto> = () => Promise.resolve(archive());
  const queue = new UploadQueue({
    upload: (file, progress, signal) =>
      new Promise((resolve, reject) => pending.push({ file, progress, resolve, reject, signal })),
    archiveImport: (id) => {
      archiveReads.push(id);
      return archiveAnswer();
    },
    activeImports: () => Promise.resolve([]),
    pollMs: 10,
    ...overrides,
  });
  return {
    queue,
    pending,
    archiveReads,
    /** what the next reads of the archive import answer */
    answerArchive: (answer: () => Promise<ArchiveImportDto>) => {
      archiveAnswer = answer;
    },
    /** the upload of `name` still on its way */
    upload: (name: string): PendingUpload => {
      const found = pending.find((p) => p.file.name === name);
      if (!found) throw new Error(`${name} is not being uploaded`);
      pending.splice(pending.indexOf(found), 1);
      return found;
    },
  };
};
