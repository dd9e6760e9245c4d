import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource-variable/nunito';
import './index.css';
import { App } from './app/providers.js';
import { createAppRouter } from './app/router.js';
import { queryClient } from './lib/query-client.js';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to mount LittleLoop into.');

createRoot(container).render(
  <StrictMode>
    <App queryClient={queryClient} router={createAppRouter()} />
  </StrictMode>,
);
