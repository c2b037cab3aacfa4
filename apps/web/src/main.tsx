import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { router } from './app/router';
import { koResources, loadEnglish } from './app/i18n-resources';
import { initI18n } from './shared/i18n';
import './shared/ui/base.css';

await initI18n(koResources, loadEnglish);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
