import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../shared/api/client';
import { AuthProvider } from '../shared/auth/auth-provider';
import { ShellSlotsContext } from '../shared/shell/slots';
import { shellSlots } from './feature-modules';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

/** `client`: the prerender gives every page a fresh, empty cache (app/prerender.tsx). */
export function Providers({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>
        <ShellSlotsContext.Provider value={shellSlots}>{children}</ShellSlotsContext.Provider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
