import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { koSharedCatalogue, loadCatalogue } from './app/i18n-resources';
import { Providers } from './app/providers';
import { router } from './app/router';
import { initI18n } from './shared/i18n';
import { applyTheme, readTheme } from './shared/theme/theme';
import './shared/ui/base.css';

applyTheme(readTheme());
await initI18n(koSharedCatalogue, loadCatalogue);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
