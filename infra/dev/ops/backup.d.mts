// Types of backup.mjs for the TypeScript tests that use it.
export interface BackupManifest {
  format: 'domestique-backup';
  version: 1;
  createdAt: string;
  database: string;
  serverMajor: number;
  pgDumpMajor: number;
  schemas: { schema: string; file: string; bytes: number; sha256: string; lastMigration: string | null }[];
}
export function backup(options: {
  databaseUrl: string;
  out: string;
  schemas?: string[];
}): Promise<BackupManifest>;
