import './styles/first-visit';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, startRouter } from './App';
import { firstPageDrawn, restoreKeptData } from './api/query';

// The colour scheme Mantine puts on <html> when it starts, put there now, as its ColorSchemeScript
// would (an inline script, which the service's CSP does not allow): the page's styles are then
// worked out once when it is drawn, not again when the attribute appears. Same value as Mantine's
// (its localStorage manager's choice, or the phone's setting for "auto").
try {
  const chosen = localStorage.getItem('mantine-color-scheme-value');
  const scheme = chosen === 'light' || chosen === 'dark' ? chosen : matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
} catch {
  // storage blocked: Mantine sets it when it starts
}

// What the device kept is put back in the cache first (marked as needing a refresh); then the
// router starts, and the app is drawn once it knows the first page: its code is there and its data
// has come (the route loaders ask for it as soon as the address is known, and wait for it on the
// first page only, see untilFirstPageData). Until then the frame of index.html stays, so the page
// is drawn once, whole. The first render as a transition: React draws it in short slices, so a
// slow phone's main thread stays free for input.
void restoreKeptData().then(startRouter).then(() => {
  firstPageDrawn();
  startTransition(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
