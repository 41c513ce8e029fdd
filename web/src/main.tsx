import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
import { TestModeBand } from './components/layout/test-mode-band';
import { initialLanguage, rememberedLanguage } from './lib/i18n/i18n';
import { showLanguage } from './lib/i18n/language';
import { BrowserRouter } from './lib/router';
import './styles/index.css';

function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <TestModeBand />
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
}

// Telugu readers see Telugu from the first paint: its texts for this screen load first (docs/decisions/027-telugu.md).
// A `?lang=` link is a choice, remembered; the browser's own language is only followed.
const lang = initialLanguage();
showLanguage(lang, { remember: lang !== rememberedLanguage() && new URLSearchParams(location.search).has('lang') })
  .catch((err: unknown) => console.warn('Telugu texts did not load; showing English', err))
  .finally(render);
