import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { Observable } from 'rxjs';

/** Answers an operation by name: a result body, or a thrown error (a failed request). */
export type OperationHandler = (variables: Record<string, unknown>) => unknown;

/**
 * An Apollo client whose network is a table of handlers, so tests exercise the real cache and
 * hooks without fetch. `calls` lists the operations in the order they were sent.
 */
export function fakeApolloClient(handlers: Record<string, OperationHandler>) {
  const calls: string[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable<ApolloLink.Result>((observer) => {
        calls.push(operation.operationName ?? '(anonymous)');
        const handler = handlers[operation.operationName ?? ''];
        Promise.resolve()
          .then(() => {
            if (!handler) throw new Error(`No fake for operation ${operation.operationName}`);
            return handler(operation.variables);
          })
          .then(
            (result) => {
              observer.next(result as ApolloLink.Result);
              observer.complete();
            },
            (error: unknown) => observer.error(error),
          );
      }),
  );
  const client = new ApolloClient({ link, cache: new InMemoryCache() });
  return { client, calls };
}
