import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // A 4xx will not fix itself; a dropped connection may.
        retry: (count, error) => !(error instanceof ApiRequestError && error.kind === 1) && count < 2,
      },
    },
  });
}
