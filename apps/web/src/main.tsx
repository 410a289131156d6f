import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { config } from './config.ts';
import { initI18n, loadPageTexts } from './i18n/i18n.ts';
import { readFirstScreenData, seedFirstScreen } from './lib/first-screen-data.ts';
import { createQueryClient } from './lib/query-client.ts';
import { whenIdle } from './lib/when-idle.ts';
import './styles/global.css';

// The server inlines the first screen's data for /{place} pages: no API round trip before the first paint.
const queryClient = createQueryClient();
seedFirstScreen(queryClient, config.clientSlug, location.pathname, readFirstScreenData());

// The first screen waits for its language (and Bulgarian, the fallback) so no text flashes in another language.
void initI18n().then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
  // Off the first screen's critical path: the later screens' texts and the page-time tracking.
  whenIdle(() => {
    void loadPageTexts();
    void import('./features/tracking/start-tracking.ts').then((m) => m.startTracking(queryClient));
  });
});
