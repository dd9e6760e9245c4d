import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { Toaster } from '../components/ui/toast.js';
import { ConnectionBannersWhenNeeded } from '../features/pwa/components/connection-banners-when-needed.js';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The query cache, the toaster and the offline / new-version banners around whatever is
 * rendered (tests bring their own router).
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
      <ConnectionBannersWhenNeeded />
    </QueryClientProvider>
  );
}

/** The whole app: providers plus the router. */
export function App({ queryClient, router }: { queryClient: QueryClient; router: AppRouter }) {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
