// Types of restore.mjs for the TypeScript tests that use it.
export function restore(options: {
  databaseUrl: string;
  from: string;
  schemas?: string[];
}): Promise<string[]>;
