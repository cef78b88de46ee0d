import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { startDownloadManager } from './downloads/manager.ts';
import './styles.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('RouteLens: #root element missing from index.html');
// Pasting the browser shell's new URL (after a restart) into this tab only changes the
// fragment, which does not reload the page: reload so the bridge picks up the new token.
window.addEventListener('hashchange', () => {
  if (new URLSearchParams(location.hash.slice(1)).has('token')) location.reload();
});
// Once per window, outside React: StrictMode's double effects must not start two managers.
startDownloadManager();
createRoot(rootElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
