import { useApolloClient } from '@apollo/client/react';
import type { ArchiveImportDto } from '@domestique/proto';
import { useEffect, useSyncExternalStore } from 'react';
import { toast } from '../../../app/toaster';
import { refetchRideData } from '../../strava/hooks/refetch-ride-data';
import { uploadApi, uploadFile } from '../api/upload-api';
import { describeArchiveSummary } from '../archive-progress';
import { UploadQueue } from '../upload-queue';

/** The app's one upload queue: it outlives the rides page, so uploads go on while a ride is opened. */
export const uploadQueue = new UploadQueue({
  upload: uploadFile,
  archiveImport: uploadApi.archiveImport,
  activeImports: uploadApi.activeImports,
});

/** Refreshes of the lists are gathered: a batch of files answering one after another asks once. */
export const REFRESH_DELAY_MS = 400;

const announceArchive = (archive: ArchiveImportDto): void => {
  if (archive.status === 'failed')
    toast.error('Archive Import Failed', archive.message ?? 'The archive could not be imported.');
  else toast.success('Archive Imported', describeArchiveSummary(archive));
};

/**
 * The queue's rows for a screen, and its actions. While mounted, the rides and stats on screen are
 * refetched when a file brings a ride and when an archive import ends (with a toast, as the Strava
 * sync ends with one).
 */
export function useUploadQueue(queue: UploadQueue = uploadQueue) {
  const client = useApolloClient();
  const rows = useSyncExternalStore(queue.subscribe, queue.getSnapshot);
  useEffect(() => {
    let timer: number | undefined;
    const unsubscribe = queue.onRidesChanged((change) => {
      if (change.kind === 'archive') announceArchive(change.archive);
      window.clearTimeout(timer);
      timer = window.setTimeout(() => void refetchRideData(client), REFRESH_DELAY_MS);
    });
    return () => {
      unsubscribe();
      window.clearTimeout(timer);
    };
  }, [queue, client]);
  const busy = rows.some((row) => row.state.kind === 'waiting' || row.state.kind === 'sending');
  useEffect(() => {
    if (!busy) return undefined;
    // leaving the app would drop the files still on their way: the browser asks first
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [busy]);
  return {
    rows,
    add: (files: Iterable<File>) => queue.add(files),
    retry: (key: string) => queue.retry(key),
    clearSettled: () => queue.clearSettled(),
  };
}
