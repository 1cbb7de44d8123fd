import '@fontsource-variable/inter';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { seedInitialData } from './lib/initial-data';
import { queryClient } from './lib/query-client';

// What the server already put into the page (the site's demo flag, a community) is not asked for again.
seedInitialData(queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
