// The browser tab's title for one store page: "Orders · Adom Salon", "Ama Owusu · Adom Salon".
// The store frame (AppLayout) writes the section's title, with a count of new arrivals in front
// ("(2) Orders · Adom Salon"), whenever its section or count changes, including after this page set
// its own. So the page's title is written again after each of the frame's writes, keeping the count;
// when the page goes, the frame's title comes back.
import { useEffect } from 'react';
import { useCurrentStore } from '../components/store-context';

const COUNT = /^\(\d+\) /;

export function usePageTitle(title: string | null | undefined) {
  const { name } = useCurrentStore();
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
