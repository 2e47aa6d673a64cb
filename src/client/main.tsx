import 'bootstrap/dist/css/bootstrap.min.css';
import './app/app.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { queryClient } from './app/queryClient';
import { router } from './app/router';

// Toasts answer what someone did, never the first frame: their library loads beside the page.
const Toasts = lazy(async () => ({ default: (await import('./app/Toasts')).Toasts }));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
    </QueryClientProvider>
  </StrictMode>,
);
