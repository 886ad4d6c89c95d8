// The browser tab's title for one page: "Orders · Adom Salon", "Ama Owusu · Adom Salon" on a store's
// pages, "Sign in · Store console" on those outside a store (signing in, a page not found).
// The store frame (AppLayout) writes the section's title, with a count of new arrivals in front
// ("(2) Orders · Adom Salon"), whenever its section or count changes, including after this page set
// its own. So the page's title is written again after each of the frame's writes, keeping the count;
// when the page goes, the frame's title comes back.
import { useEffect } from 'react';
import { useOptionalStore } from '../components/store-context';

const COUNT = /^\(\d+\) /;
const CONSOLE = 'Store console';

export function usePageTitle(title: string | null | undefined) {
  const name = useOptionalStore()?.name ?? CONSOLE;
  const wanted = title ? `${title} · ${name}` : null;
  useEffect(() => {
    if (!wanted) return;
    let framed = document.title;
    const apply = () => {
      const count = COUNT.exec(document.title)?.[0] ?? '';
      const next = `${count}${wanted}`;
      if (document.title !== next) {
        framed = document.title;
        document.title = next;
      }
    };
    apply();
    // <title> may not exist before the first write; the head is watched for it as well.
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      // Back to the frame's title, with the count it has now.
      const count = COUNT.exec(document.title)?.[0] ?? '';
      document.title = `${count}${framed.replace(COUNT, '')}`;
    };
  }, [wanted]);
}
