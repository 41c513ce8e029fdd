import { QueryClient } from '@tanstack/react-query';

/** Defaults: no refetch on focus, never stale, no retries, unless a query says otherwise. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { refetchOnWindowFocus: false, staleTime: Infinity, retry: false },
    mutations: { retry: false },
  },
});
