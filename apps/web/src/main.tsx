import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { initI18n } from './i18n/i18n.ts';
import './styles/global.css';

// The first screen waits for its language (and Bulgarian, the fallback) so no text flashes in another language.
void initI18n().then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
