import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { PageLoadError } from '../ui';

/**
 * How long a page's code may take to arrive before the page says it did not load (a phone on a slow
 * network gets a route's chunk, at most 30 KB gzip, in a few seconds).
 */
export const PAGE_LOAD_TIMEOUT_MS = 20_000;

export type PageModule<P> = { default: ComponentType<P> };

/** The page's code did not arrive: the request failed, or nothing came within PAGE_LOAD_TIMEOUT_MS. */
class PageLoadFailed extends Error {
  override name = 'PageLoadFailed';
}

function loadWithin<P>(load: () => Promise<PageModule<P>>, ms: number): Promise<PageModule<P>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new PageLoadFailed(`the page's code did not arrive within ${ms} ms`)), ms);
    load().then(
      (m) => {
        clearTimeout(timer);
        resolve(m);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(new PageLoadFailed(err instanceof Error ? err.message : String(err)));
      },
    );
  });
}

/** The script a failed dynamic import names (Chromium: "Failed to fetch dynamically imported module: <url>"), on this origin only. */
function failedChunkOf(err: unknown): string | null {
  const m = /(https?:\/\/[^\s"']+\.js)\b/.exec(err instanceof Error ? err.message : String(err));
  if (!m || typeof location === 'undefined') return null;
  try {
    const url = new URL(m[1]!);
    return url.origin === location.origin ? url.pathname : null;
  } catch {
    return null;
  }
}

interface BoundaryProps {
  children: ReactNode;
  /** a Try again was made already: another failure offers to reload the page */
  retried: boolean;
  onRetry: () => void;
  fullScreen: boolean;
}

/** Catches what the page throws: its code not arriving, or (seldom) a fault while drawing it. */
class PageBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const crashed = !(error instanceof PageLoadFailed);
    const reload = crashed || this.props.retried;
    return (
      <PageLoadError
        crashed={crashed}
        reload={reload}
        fullScreen={this.props.fullScreen}
        onRetry={reload ? () => window.location.reload() : this.props.onRetry}
      />
    );
  }
}

/**
 * A route's page whose code is a chunk of its own (React.lazy), which never leaves the customer on an
 * endless "Loading…" or a blank page: a failed request, or none within PAGE_LOAD_TIMEOUT_MS, shows
 * PageLoadError. Its Try again asks for the code again (a browser asks the server anew for a module
 * that failed to load); if that fails too, its button reloads the page, which also finds the chunks of
 * a newer build. The loading state stays the router's Suspense fallback.
 */
export function lazyPage<P extends object>(load: () => Promise<PageModule<P>>, { fullScreen = true, timeoutMs = PAGE_LOAD_TIMEOUT_MS } = {}): ComponentType<P> {
  let failedChunk: string | null = null;
  const make = (from: () => Promise<PageModule<P>>) =>
    lazy(() =>
      loadWithin(from, timeoutMs).then(
        (m) => {
          retried = false;
          return m;
        },
        (err: unknown) => {
          failedChunk = failedChunkOf(err);
          throw err;
        },
      ),
    );
  let Lazy = make(load);
  let retried = false;
  function LazyPage(props: P) {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      retried = true;
      // Chromium keeps a module whose fetch failed as failed for the page's life (150 does): asking
      // for the same URL again fails at once without a request. The chunk the error names is asked for
      // under a URL of its own instead; an error that names none (Safari's) asks again as it was.
      const chunk = failedChunk;
      Lazy = make(chunk ? () => import(/* @vite-ignore */ `${chunk}${chunk.includes('?') ? '&' : '?'}retry=${Date.now()}`) as Promise<PageModule<P>> : load);
      setAttempt((n) => n + 1);
    };
    return (
      // a new boundary for each attempt: the error of the one before is gone
      <PageBoundary key={attempt} retried={retried} onRetry={retry} fullScreen={fullScreen}>
        {fullScreen ? (
          <Lazy {...props} />
        ) : (
          // A part of a page (a sheet) waits for its code inside the page: the router's fallback would hide
          // the whole page meanwhile, and with it the control that opened the part, whose focus went to the
          // page's body and did not come back when the part closed.
          <Suspense fallback={null}>
            <Lazy {...props} />
          </Suspense>
        )}
      </PageBoundary>
    );
  }
  return LazyPage;
}
