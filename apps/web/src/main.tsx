import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The server's first paint fills #root (docs/decisions/037). The first page's code loads lazily: its render
// suspends, outside any Suspense boundary, so React keeps that markup until it can draw the whole page, and then
// replaces it in one commit, never an empty frame in between.
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
