import { useCallback, useEffect, useRef, useState } from 'react';

export type Resource<T> =
  { state: 'loading' } | { state: 'failed'; error: Error } | { state: 'ready'; data: T };

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));
const isAbort = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError';

/**
 * A REST answer for the screen: asked whenever `key` changes (null: not yet), again on `retry`. An
 * earlier key's late answer is dropped (its request is aborted); while a new key loads, the last
 * answer stays drawn. `setValue` puts a fresher answer in place (one polled, or sent back by a change).
 */
export function useResource<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>) {
  const [value, setValue] = useState<Resource<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    if (key === null) return undefined;
    const controller = new AbortController();
    setValue((current) => (current.state === 'ready' ? current : { state: 'loading' }));
    loadRef.current(controller.signal).then(
      (data) => setValue({ state: 'ready', data }),
      (error: unknown) => {
        if (!isAbort(error)) setValue({ state: 'failed', error: asError(error) });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);
  const retry = useCallback(() => {
    setValue({ state: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { value, retry, setValue };
}
