import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { Loading, messageOf, Notice } from './ui';

/**
 * A page whose code is fetched the first time it is shown (a dynamic import: Vite makes it a chunk
 * of its own), so that the first page loads only the script it needs. Later visits render at once.
 */
export type LazyPage<P> = ComponentType<P> & {
  /** Starts fetching the page's code (a link pointed at or focused), so that opening it is instant. */
  preload(): void;
};

export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const start = (): Promise<ComponentType<P>> => {
    pending ??= load().then(
      (component) => (loaded = component),
      (failure: unknown) => {
        pending = undefined;
        throw failure;
      },
    );
    return pending;
  };
  function LazyPage(props: P) {
    const [, setShown] = useState(loaded !== undefined);
    const [error, setError] = useState<string | null>(null);
    useEffect(() => {
      // The code may have arrived between this render and its effect (a link focused or pointed at
      // started the fetch): render again now, or the page would show "Loading" for good.
      if (loaded) {
        setShown(true);
        return;
      }
      let current = true;
      start().then(
        () => current && setShown(true),
        (failure: unknown) => current && setError(messageOf(failure)),
      );
      return () => {
        current = false;
      };
    }, []);
    if (error) return <Notice kind="error">This page could not be loaded ({error}). A new version may be out: reload the page.</Notice>;
    if (!loaded) return <Loading what="the page" />;
    const Page = loaded;
    return <Page {...props} />;
  }
  return Object.assign(LazyPage, { preload: () => void start().catch(() => undefined) });
}
