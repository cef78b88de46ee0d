import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { startDownloadManager } from './downloads/manager.ts';
import './styles.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('RouteLens: #root element missing from index.html');
// Once per window, outside React: StrictMode's double effects must not start two managers.
startDownloadManager();
createRoot(rootElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
