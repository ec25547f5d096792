import type { RefObject } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

export const APP_TITLE = 'Social publishing dashboard';

/**
 * Keeps the window's title on the page shown (its first-level heading, once the page's code and
 * heading are there, and as the heading changes) and, after a navigation, moves the focus to that
 * heading so a screen reader announces where the user is. The first page keeps the focus at the
 * top, where "Skip to content" is the first stop; a focus the user moved meanwhile is left alone.
 */
export function usePageHeading(main: RefObject<HTMLElement | null>, path: string): void {
  const firstPage = useRef(true);
  useEffect(() => {
    const container = main.current;
    if (!container) return;
    let focusPending = !firstPage.current;
    firstPage.current = false;
    const before = document.activeElement;
    const follow = () => {
      const heading = container.querySelector<HTMLElement>('h1');
      if (!heading) return;
      const text = heading.textContent?.trim();
      const title = text ? `${text} · ${APP_TITLE}` : APP_TITLE;
      if (document.title !== title) document.title = title;
      if (!focusPending) return;
      focusPending = false;
      if (document.activeElement === before || document.activeElement === document.body) heading.focus();
    };
    follow();
    const observer = new MutationObserver(follow);
    observer.observe(container, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [path]);
}
