// Work that can wait until the page is on screen: run when the browser is idle (or after a moment
// where it cannot tell), so a phone draws the first page without it.
import { startTransition, useEffect, useState } from 'react';

export function whenIdle(run: () => void, timeout = 2000): () => void {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(run, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, Math.min(timeout, 1000));
  return () => clearTimeout(id);
}

/** False on the first render, true once the browser has been idle after it (set in a transition). */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => startTransition(() => setIdle(true))), []);
  return idle;
}
