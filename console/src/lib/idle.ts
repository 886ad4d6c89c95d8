// Work that can wait until the page is on screen: run when the browser is idle (or after a moment
// where it cannot tell), so a phone draws the first page without it.
import { startTransition, useEffect, useState } from 'react';

/**
 * Runs `run` once the next frame is painted and on screen and the browser is then idle (or after `timeout`).
 * Waiting for the paint first matters on the first page of a visit: an idle moment can come between
 * React's commit and the paint that shows it, and what starts there (a download) would hold up that
 * paint on a slow phone.
 */
export function whenIdle(run: () => void, timeout = 2000): () => void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    clearTimeout(fallback);
    run();
  };
  let cancel = () => {};
  // The frame after the next one starts once the next one is painted and on screen (the screen
  // lags the paint by a few milliseconds). A hidden tab paints no frames: there the fallback runs it.
  const fallback = setTimeout(once, timeout);
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => afterPaint());
  });
  const afterPaint = () => {
    const next = setTimeout(() => {
      if ('requestIdleCallback' in window) {
        const id = window.requestIdleCallback(once, { timeout });
        cancel = () => window.cancelIdleCallback(id);
      } else {
        const id = setTimeout(once, Math.min(timeout, 1000));
        cancel = () => clearTimeout(id);
      }
    }, 0);
    cancel = () => clearTimeout(next);
  };
  cancel = () => cancelAnimationFrame(frame);
  return () => {
    done = true;
    clearTimeout(fallback);
    cancel();
  };
}

/** False on the first render, true once the browser has been idle after it (set in a transition). */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => startTransition(() => setIdle(true))), []);
  return idle;
}
