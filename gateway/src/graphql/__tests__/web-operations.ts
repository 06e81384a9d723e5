import { addTypenameToDocument } from '@apollo/client/utilities';
import { readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kind, print, type DocumentNode, type OperationTypeNode } from 'graphql';

const WEB_SRC = join(dirname(fileURLToPath(import.meta.url)), '../../../../web/src');

/** Every `*.graphql.ts` module of the web app: where its screens keep their GraphQL documents. */
const operationModules = (dir = WEB_SRC): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? operationModules(join(dir, entry.name))
      : entry.name.endsWith('.graphql.ts')
        ? [join(dir, entry.name)]
        : [],
  );

const isDocument = (value: unknown): value is DocumentNode =>
  typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === Kind.DOCUMENT;

export interface WebOperation {
  /** module and export, e.g. features/rides/graphql/rides.graphql.ts#RIDES_PAGE_QUERY */
  name: string;
  /** query or mutation */
  type: OperationTypeNode;
  /** the text Apollo Client sends: the document with the `__typename`s it adds */
  query: string;
}

/**
 * Every operation the web app can send, as Apollo Client sends it. Fragments alone are skipped (they
 * are sent inside the operations that spread them).
 */
export const webOperations = async (): Promise<WebOperation[]> => {
  const operations: WebOperation[] = [];
  for (const file of operationModules()) {
    const exports = (await import(file)) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(exports)) {
      if (!isDocument(value)) continue;
      const operation = value.definitions.find((definition) => definition.kind === Kind.OPERATION_DEFINITION);
      if (!operation) continue;
      operations.push({
        name: `${relative(WEB_SRC, file)}#${exportName}`,
        type: operation.operation,
        query: print(addTypenameToDocument(value)),
      });
    }
  }
  return operations;
};
