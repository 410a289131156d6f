import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // Asked even when the browser says it is offline: the service worker answers the menu's calls from its copy
        // (src/sw.ts, issue 17 #3), and a screen opened with no network shows the kept menu instead of waiting for
        // the network ('online', the default, would not even ask). A call that fails then waits for the network.
        networkMode: 'offlineFirst',
        // A 4xx will not fix itself; a dropped connection may.
        retry: (count, error) => !(error instanceof ApiRequestError && error.kind === 1) && count < 2,
      },
    },
  });
}
