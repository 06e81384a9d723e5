import '../../app/zod-jitless';
import {
  UPLOAD_EXTENSIONS,
  UPLOAD_MAX_ARCHIVE_BYTES,
  UPLOAD_MAX_FILE_BYTES,
  UploadMessages,
} from '@domestique/proto';

/** What the file picker offers (the browser matches one suffix; `.gz` stands for `.fit.gz` and the like). */
export const UPLOAD_ACCEPT = '.fit,.gpx,.tcx,.gz,.zip';

/** The extension the server reads the file by, or null when it takes no such file. */
export const uploadExtension = (fileName: string): (typeof UPLOAD_EXTENSIONS)[number] | null => {
  const name = fileName.toLowerCase();
  // the longest match first, so "ride.fit.gz" is a gzipped FIT and not a ".gz" of nothing
  const sorted = [...UPLOAD_EXTENSIONS].sort((a, b) => b.length - a.length);
  return sorted.find((extension) => name.endsWith(extension) && name.length > extension.length) ?? null;
};

export const isArchive = (fileName: string): boolean => uploadExtension(fileName) === '.zip';

/**
 * Why the server would refuse this file before reading it (its extension or its size), with the
 * server's own words; null when it is worth sending. Shown at once, but only a hint: the server
 * checks again and reads the content, which is the authority.
 */
export const precheckFile = (file: Pick<File, 'name' | 'size'>): string | null => {
  const extension = uploadExtension(file.name);
  if (extension === null) return UploadMessages.wrongExtension;
  if (extension === '.zip')
    return file.size > UPLOAD_MAX_ARCHIVE_BYTES ? UploadMessages.archiveTooLarge : null;
  return file.size > UPLOAD_MAX_FILE_BYTES ? UploadMessages.fileTooLarge : null;
};

/** "1.2 MB", "850 KB", "12 bytes": a file's size in a row. */
export const formatFileSize = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${(bytes / (1024 * 1024 * 1024)).toFixed(2)} GB`;
};
