/** The message of a failed call (GraphQL or network), or `fallback` when it has none. */
export const errorMessage = (error: unknown, fallback: string): string => {
  const message = error instanceof Error ? error.message.trim() : '';
  return message || fallback;
};
