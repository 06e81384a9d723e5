import { ARCHIVE_MAX_ENTRIES, ARCHIVE_MAX_UNCOMPRESSED_BYTES, UploadMessages } from '@domestique/proto';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

/** The whole archive is refused (too many entries, a zip bomb, not a zip): the rider reads `message`. */
export class ArchiveRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveRefusal';
  }
}

/** One entry could not be read (damaged data): that file is refused, the others go on. */
export class ArchiveEntryError extends Error {}

/** Inflated bytes counted over the whole archive, whatever its entries declare. */
export interface InflateBudget {
  left: number;
}

/**
 * Opens a zip on disk for random access (entries read one at a time, never the whole archive in
 * memory). yauzl checks each entry's inflated size against the size it declares.
 */
export const openArchive = (path: string): Promise<ZipFile> =>
  new Promise((resolve, reject) => {
    yauzl.open(
      path,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false },
      (error, zip) =>
        error || !zip ? reject(new ArchiveRefusal(UploadMessages.corruptArchive)) : resolve(zip),
    );
  });

/**
 * The archive's file entries (folders left out). Refuses more than ARCHIVE_MAX_ENTRIES entries
 * (from the directory's count, before reading it) and a declared total past 2 GB.
 */
export const listEntries = (zip: ZipFile): Promise<Entry[]> => {
  if (zip.entryCount > ARCHIVE_MAX_ENTRIES)
    return Promise.reject(new ArchiveRefusal(UploadMessages.tooManyEntries));
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    let declared = 0;
    zip.on('entry', (entry: Entry) => {
      declared += entry.uncompressedSize;
      if (declared > ARCHIVE_MAX_UNCOMPRESSED_BYTES) {
        reject(new ArchiveRefusal(UploadMessages.zipBomb));
        return;
      }
      if (!entry.fileName.endsWith('/')) entries.push(entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', () => reject(new ArchiveRefusal(UploadMessages.corruptArchive)));
    zip.readEntry();
  });
};

/**
 * One entry's bytes, at most `cap` (callers check the declared size first; this counts the actual
 * ones too) and within the archive's inflate budget (past it the whole archive is a zip bomb).
 */
export const readEntry = (zip: ZipFile, entry: Entry, cap: number, budget: InflateBudget): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) {
        reject(new ArchiveEntryError(UploadMessages.corruptEntry));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        budget.left -= chunk.length;
        if (budget.left < 0) stream.destroy(new ArchiveRefusal(UploadMessages.zipBomb));
        else if (size > cap) stream.destroy(new ArchiveEntryError(UploadMessages.fileTooLarge));
        else chunks.push(chunk);
      });
      stream.once('error', (cause: Error) =>
        reject(
          cause instanceof ArchiveRefusal || cause instanceof ArchiveEntryError
            ? cause
            : new ArchiveEntryError(UploadMessages.corruptEntry),
        ),
      );
      stream.once('end', () => resolve(Buffer.concat(chunks, size)));
    });
  });
