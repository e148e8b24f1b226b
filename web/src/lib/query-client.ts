// Server-state cache (docs/product.md#business-constants-and-limits interface timings): 5 min GC, 3 retries, 1 s backoff doubling up to 30 s.
import { QueryClient } from '@tanstack/react-query';
import { AxiosError } from 'axios';

const MAX_RETRIES = 3;
const GC_TIME_MS = 5 * 60 * 1000;
const RETRY_BASE_MS = 1000;
const RETRY_MAX_MS = 30_000;

/** Client errors will not fix themselves; retrying them only delays the message (408 and 429 may). */
function isRetriable(error: unknown): boolean {
  const status = error instanceof AxiosError ? error.response?.status : undefined;
  if (status === undefined) return true;
  return status >= 500 || status === 408 || status === 429;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      gcTime: GC_TIME_MS,
      retry: (failureCount, error) => failureCount < MAX_RETRIES && isRetriable(error),
      retryDelay: (attempt) => Math.min(RETRY_BASE_MS * 2 ** attempt, RETRY_MAX_MS),
      refetchOnWindowFocus: false,
    },
  },
});
