import './lib/zod-without-eval';
import '@fontsource-variable/inter/wght.css';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startSiteServices } from './app/site-services';

startSiteServices();

const root = document.getElementById('root');
if (!root) throw new Error('#root fehlt in index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
