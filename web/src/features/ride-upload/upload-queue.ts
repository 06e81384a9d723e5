import type { ArchiveImportDto, UploadFileResultDto } from '@domestique/proto';
import { precheckFile } from './upload-rules';

/** Files sent at the same time: each has its own request (its own progress and result). */
export const PARALLEL_UPLOADS = 2;
/** How often a running archive import is read: as often as the Strava sync's progress. */
export const ARCHIVE_POLL_MS = 1000;
/** While an archive brings rides, the lists on screen are refreshed at most this often. */
export const ARCHIVE_REFRESH_MS = 5000;

/** Where one file stands. */
export type UploadRowState =
  /** refused before sending, by the same rules the server applies to the name and size */
  | { kind: 'refused'; message: string }
  | { kind: 'waiting' }
  | { kind: 'sending'; sent: number; total: number }
  /** the server's result; for an archive (`queued`), its import as last read */
  | { kind: 'answered'; result: UploadFileResultDto; archive: ArchiveImportDto | null }
  /** the request failed (network or server error): it can be tried again */
  | { kind: 'failed'; message: string };

export interface UploadRow {
  key: string;
  name: string;
  /** bytes; null for an archive import found running on the server (its file is not here) */
  size: number | null;
  state: UploadRowState;
}

export interface UploadQueueDeps {
  upload: (
    file: File,
    onProgress: (sent: number, total: number) => void,
    signal?: AbortSignal,
  ) => Promise<UploadFileResultDto>;
  archiveImport: (id: string, signal?: AbortSignal) => Promise<ArchiveImportDto>;
  activeImports: (signal?: AbortSignal) => Promise<ArchiveImportDto[]>;
  /** ARCHIVE_POLL_MS unless given */
  pollMs?: number;
  /** ARCHIVE_REFRESH_MS unless given */
  refreshMs?: number;
}

/** Something arrived that the rides on screen should show: a ride imported or an archive done. */
export type RidesChanged = { kind: 'ride' } | { kind: 'archive'; archive: ArchiveImportDto };

const isArchiveRunning = (state: UploadRowState): boolean =>
  state.kind === 'answered' &&
  state.result.status === 'queued' &&
  (state.archive === null || state.archive.status === 'queued' || state.archive.status === 'running');

/** The row is settled: nothing more will happen to it unless the rider retries. */
export const isSettled = (state: UploadRowState): boolean =>
  state.kind === 'refused' ||
  state.kind === 'failed' ||
  (state.kind === 'answered' && !isArchiveRunning(state));

const errorText = (error: unknown): string =>
  error instanceof Error && error.message.trim() ? error.message : 'The upload failed. Try again.';

/**
 * The files a rider is uploading, outside React so the uploads carry on while they open a ride they
 * just imported and come back. Each file is one request (its own progress and result), two at a
 * time; an archive's import is then polled while the rides page shows the queue. Signing out
 * reloads the page, which ends the queue with the session.
 */
export class UploadQueue {
  private rows: readonly UploadRow[] = [];
  private readonly files = new Map<string, File>();
  private readonly listeners = new Set<() => void>();
  private readonly changeListeners = new Set<(change: RidesChanged) => void>();
  private readonly polls = new Map<string, number>();
  private readonly controllers = new Map<string, AbortController>();
  private nextKey = 0;
  private resumed = false;

  constructor(private readonly deps: UploadQueueDeps) {}

  readonly getSnapshot = (): readonly UploadRow[] => this.rows;

  /** For useSyncExternalStore: archive polling runs while someone looks at the queue. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.startWatching();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stopPolls();
    };
  };

  /** Told when rides arrived, so the screen can refresh its lists. */
  onRidesChanged(listener: (change: RidesChanged) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** Queues the files picked or dropped; those the rules refuse are shown refused at once. */
  add(files: Iterable<File>): void {
    const added = [...files].map((file): UploadRow => {
      const key = `file-${(this.nextKey += 1)}`;
      const refusal = precheckFile(file);
      if (refusal === null) this.files.set(key, file);
      return {
        key,
        name: file.name,
        size: file.size,
        state: refusal === null ? { kind: 'waiting' } : { kind: 'refused', message: refusal },
      };
    });
    if (added.length === 0) return;
    this.set([...this.rows, ...added]);
    this.pump();
  }

  /** Sends a file again after a network or server error. */
  retry(key: string): void {
    const row = this.rows.find((r) => r.key === key);
    if (!row || row.state.kind !== 'failed' || !this.files.has(key)) return;
    this.update(key, { kind: 'waiting' });
    this.pump();
  }

  /** Forgets the rows that are settled (the rides they imported stay, of course). */
  clearSettled(): void {
    for (const row of this.rows) if (isSettled(row.state)) this.files.delete(row.key);
    this.set(this.rows.filter((row) => !isSettled(row.state)));
  }

  /** Stops every request and poll (tests; a page that goes for good). */
  dispose(): void {
    for (const controller of this.controllers.values()) controller.abort();
    this.stopPolls();
  }

  private set(rows: readonly UploadRow[]): void {
    this.rows = rows;
    for (const listener of this.listeners) listener();
  }

  private update(key: string, state: UploadRowState): void {
    this.set(this.rows.map((row) => (row.key === key ? { ...row, state } : row)));
  }

  private emit(change: RidesChanged): void {
    for (const listener of this.changeListeners) listener(change);
  }

  /** Starts waiting files while fewer than PARALLEL_UPLOADS are on their way. */
  private pump(): void {
    let sending = this.rows.filter((row) => row.state.kind === 'sending').length;
    for (const row of this.rows) {
      if (sending >= PARALLEL_UPLOADS) return;
      const file = this.files.get(row.key);
      if (row.state.kind !== 'waiting' || !file) continue;
      sending += 1;
      this.send(row.key, file);
    }
  }

  private send(key: string, file: File): void {
    const controller = new AbortController();
    this.controllers.set(key, controller);
    this.update(key, { kind: 'sending', sent: 0, total: file.size });
    this.deps
      .upload(file, (sent, total) => this.update(key, { kind: 'sending', sent, total }), controller.signal)
      .then(
        (result) => {
          this.update(key, { kind: 'answered', result, archive: null });
          if (result.status === 'queued' && result.importId) this.poll(key, result.importId);
          else if (result.status === 'imported') this.emit({ kind: 'ride' });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          this.update(key, { kind: 'failed', message: errorText(error) });
        },
      )
      .finally(() => {
        this.controllers.delete(key);
        this.pump();
      });
  }

  /** On first look: follows the rows' archives and picks up imports running on the server. */
  private startWatching(): void {
    for (const row of this.rows)
      if (row.state.kind === 'answered' && isArchiveRunning(row.state) && row.state.result.importId)
        this.poll(row.key, row.state.result.importId);
    if (this.resumed) return;
    this.resumed = true;
    this.deps.activeImports().then(
      (imports) => {
        const known = new Set(
          this.rows.map((row) => (row.state.kind === 'answered' ? row.state.result.importId : undefined)),
        );
        const found = imports.filter((archive) => !known.has(archive.id));
        if (found.length === 0) return;
        this.set([
          ...this.rows,
          ...found.map((archive): UploadRow => ({
            key: `import-${archive.id}`,
            name: archive.fileName,
            size: null,
            state: {
              kind: 'answered',
              result: { file: archive.fileName, status: 'queued', importId: archive.id },
              archive,
            },
          })),
        ]);
        if (this.listeners.size > 0)
          for (const archive of found) this.poll(`import-${archive.id}`, archive.id);
      },
      () => {
        this.resumed = false; // asked again next time the page opens
      },
    );
  }

  /**
   * Reads an archive import until it ends; while it runs, the rides it brought are shown every
   * ARCHIVE_REFRESH_MS ("rides appear as they are read").
   */
  private poll(key: string, importId: string): void {
    if (this.polls.has(key) || this.listeners.size === 0) return;
    const interval = this.deps.pollMs ?? ARCHIVE_POLL_MS;
    const refreshEvery = this.deps.refreshMs ?? ARCHIVE_REFRESH_MS;
    let refreshed = { at: Date.now(), imported: 0 };
    const tick = (): void => {
      this.deps.archiveImport(importId).then(
        (archive) => {
          if (!this.polls.has(key)) return;
          const row = this.rows.find((r) => r.key === key);
          if (row?.state.kind !== 'answered') return;
          this.update(key, { ...row.state, archive });
          if (archive.status === 'done' || archive.status === 'failed') {
            this.stopPoll(key);
            this.emit({ kind: 'archive', archive });
            return;
          }
          if (archive.imported > refreshed.imported && Date.now() - refreshed.at >= refreshEvery) {
            refreshed = { at: Date.now(), imported: archive.imported };
            this.emit({ kind: 'ride' });
          }
          this.polls.set(key, window.setTimeout(tick, interval));
        },
        () => {
          // a failed read is tried again by the next one
          if (this.polls.has(key)) this.polls.set(key, window.setTimeout(tick, interval));
        },
      );
    };
    this.polls.set(key, window.setTimeout(tick, 0));
  }

  private stopPoll(key: string): void {
    window.clearTimeout(this.polls.get(key));
    this.polls.delete(key);
  }

  private stopPolls(): void {
    for (const key of [...this.polls.keys()]) this.stopPoll(key);
  }
}
