import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { ApiFailure, type FieldErrors } from '../api';

/** Data loaded from the API, with its error and a way to load it again. */
export interface Loaded<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  reload(): void;
}

export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): Loaded<T> {
  const [state, setState] = useState<{ data: T | null; error: string | null; loading: boolean }>({ data: null, error: null, loading: true });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    setState((previous) => ({ ...previous, loading: true }));
    load().then(
      (data) => current && setState({ data, error: null, loading: false }),
      (error: unknown) => current && setState({ data: null, error: messageOf(error), loading: false }),
    );
    return () => {
      current = false;
    };
  }, [...deps, round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { ...state, reload };
}

export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
export const fieldErrorsOf = (error: unknown): FieldErrors => (error instanceof ApiFailure ? error.errors : {});

/** An outcome line: polite status for success, an alert for failures (read out by screen readers). */
export function Notice({ kind, children }: { kind: 'ok' | 'error' | 'warning'; children: ComponentChildren }) {
  return (
    <p class={`notice notice-${kind}`} role={kind === 'ok' ? 'status' : 'alert'}>
      {children}
    </p>
  );
}

/** The messages of the fields whose keys start with `prefix`, tied to a field by its id. */
export function FieldMessages({ id, errors, keys }: { id: string; errors: FieldErrors; keys: string[] }) {
  const messages = Object.entries(errors)
    .filter(([key]) => keys.some((prefix) => key === prefix || key.startsWith(`${prefix}.`)))
    .flatMap(([, list]) => list);
  if (messages.length === 0) return null;
  return (
    <ul id={id} class="field-errors">
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <p role="status" aria-live="polite" class="muted">
      Loading {what}…
    </p>
  );
}

/** A card with a heading; with `id`, a region named by its heading (the heading's id). */
export function Section({ title, children, actions, id }: { title: string; children: ComponentChildren; actions?: ComponentChildren; id?: string }) {
  return (
    <section class="card" aria-labelledby={id}>
      <div class="card-head">
        <h2 id={id}>{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** Runs an action, keeping its error and success message for the page to show. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [done, setDone] = useState<string | null>(null);
  const run = async <T,>(action: () => Promise<T>, success?: string): Promise<T | undefined> => {
    setBusy(true);
    setError(null);
    setErrors({});
    setDone(null);
    try {
      const result = await action();
      if (success) setDone(success);
      return result;
    } catch (failure) {
      setError(messageOf(failure));
      setErrors(fieldErrorsOf(failure));
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  /** Forgets the last outcome (the field was changed since: its error no longer applies). */
  const clear = () => {
    setError(null);
    setErrors({});
    setDone(null);
  };
  /**
   * Forgets the field errors whose keys match (the user changed those fields); once none is left,
   * the "Validation errors." line goes too.
   */
  const clearErrors = (matches: (key: string) => boolean) => {
    const left = Object.fromEntries(Object.entries(errors).filter(([key]) => !matches(key)));
    if (Object.keys(left).length === Object.keys(errors).length) return;
    setErrors(left);
    if (Object.keys(left).length === 0) setError(null);
  };
  const outcome = (
    <>
      {error && <Notice kind="error">{error}</Notice>}
      {done && <Notice kind="ok">{done}</Notice>}
    </>
  );
  return { busy, error, errors, done, run, outcome, setDone, clear, clearErrors };
}
