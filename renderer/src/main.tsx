import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { bridge } from './bridge/api.ts';
import { startDownloadManager } from './downloads/manager.ts';
import './styles.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('RouteLens: #root element missing from index.html');
// Once per window, outside React: StrictMode's double effects must not start two managers.
// Without a bridge App shows why it cannot start.
if (bridge) startDownloadManager(bridge);
createRoot(rootElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
