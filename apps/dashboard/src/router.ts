import { useEffect, useState } from 'preact/hooks';

/** A small history router under /app: the address bar is the state, deep links load the page. */
export const BASE = '/app';

const listeners = new Set<() => void>();

export function navigate(to: string): void {
  window.history.pushState(null, '', `${BASE}${to}`);
  listeners.forEach((notify) => notify());
}

export interface Location {
  path: string;
  params: URLSearchParams;
}

function current(): Location {
  const path = window.location.pathname.replace(/^\/app/i, '').replace(/\/+$/, '') || '/';
  return { path, params: new URLSearchParams(window.location.search) };
}

export function useLocation(): Location {
  const [location, setLocation] = useState(current);
  useEffect(() => {
    const update = () => setLocation(current());
    listeners.add(update);
    window.addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return location;
}

/** Link handler: same-tab clicks navigate in the page; modified clicks keep the browser's behaviour. */
export function linkTo(to: string) {
  return {
    href: `${BASE}${to}`,
    onClick: (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      navigate(to);
    },
  };
}
