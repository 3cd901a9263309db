import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cx, focusRing } from '../../../ui';

/** A phone's screen in CSS pixels: what the customer app is designed and screenshot at. */
export const PHONE = { width: 390, height: 844 } as const;
/** A desktop's window in CSS pixels: the app's desktop layout (a centred column, the nav on top). */
export const DESKTOP = { width: 1280, height: 800 } as const;

export interface PhoneFrameProps {
  /** the frame's accessible name ("Lite version, home page") */
  title: string;
  /** how much smaller than life it is drawn (0.75: three quarters) */
  scale: number;
  /** CSS variables and styles for the phone's page (the draft's theme, the landing background) */
  pageStyle?: Record<string, string>;
  /** for tests and styles: which version the phone shows */
  version?: string;
  /** a phone (the default) or a desktop's window, at that device's size in CSS pixels */
  device?: 'phone' | 'desktop';
  children: ReactNode;
}

/**
 * The customer app's own stylesheets, as its build ships them: the console's build names them in a
 * `<meta name="app-stylesheet">` of its page (vite.console.config.ts reads them from the app's build
 * manifest). The console's stylesheet is not the app's: it has only the classes the console's sources
 * use, so a customer screen drawn with it is not the screen customers see (descriptions clamped
 * differently, pictures of other sizes).
 */
function appStylesheets(from: Document): string[] {
  return (from.querySelector<HTMLMetaElement>('meta[name="app-stylesheet"]')?.content ?? '').split(/\s+/).filter(Boolean);
}

/**
 * Gives the frame the app's stylesheets; resolves when they are loaded. Where the page names none (Storybook,
 * which loads both stylesheets into its own page; a development server), the page's own are copied.
 */
function styleFrame(from: Document, to: Document): Promise<unknown> {
  const app = appStylesheets(from);
  const nodes =
    app.length > 0
      ? app.map((href) => Object.assign(to.createElement('link'), { rel: 'stylesheet', href }))
      : Array.from(from.querySelectorAll('link[rel="stylesheet"], style'), (node) => node.cloneNode(true) as HTMLElement);
  // a link (of this page's realm or the frame's) loads, a style element is there at once
  const loads = nodes.map((node) =>
    node.tagName === 'LINK'
      ? new Promise((done) => {
          node.addEventListener('load', done, { once: true });
          node.addEventListener('error', done, { once: true });
        })
      : Promise.resolve(),
  );
  for (const node of nodes) to.head.appendChild(node);
  return Promise.all(loads);
}

/**
 * A device of its own for a preview: an iframe at a phone's width (or a desktop's), drawn at `scale`,
 * whose document gets the customer app's stylesheets and has `children` rendered into it through a
 * React portal. Its width is the device's, so the screens' media queries see a phone (one column,
 * names and prices whole) or a desktop, which a box squeezed inside the console's page never could.
 *
 * The frame has no address (no src): it is this page's own empty document, same origin by birth, so
 * nothing is sent into it (no postMessage to listen for, no query string, no token) — the draft and the
 * shop's menu reach it as React props, in memory. It loads nothing the console's CSP does not already
 * allow (the app's stylesheets are this origin's files), and frame-src can stay 'none'. What it shows
 * is only shown: its body is inert, so no link in it goes anywhere. A phone's scroll bars take no room,
 * as on a phone. `data-ready` is set on the frame once its stylesheets and fonts have loaded.
 */
export function PhoneFrame({ title, scale, pageStyle, version, device = 'phone', children }: PhoneFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [body, setBody] = useState<HTMLElement | null>(null);
  const [ready, setReady] = useState(false);
  const size = device === 'phone' ? PHONE : DESKTOP;

  useLayoutEffect(() => {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    // an empty frame's document is in quirks mode, where lines are laid out otherwise (a line of large
    // text 2 px shorter than the app's): a doctype makes it the standards-mode page the app is
    doc.open();
    doc.write('<!doctype html><html><head><meta charset="utf-8"></head><body></body></html>');
    doc.close();
    let live = true;
    void styleFrame(document, doc)
      .then(() => doc.fonts.ready)
      .then(() => live && setReady(true));
    doc.documentElement.lang = document.documentElement.lang || 'en';
    doc.body.inert = true;
    setBody(doc.body);
    return () => {
      live = false;
    };
  }, []);

  // the draft's theme on the phone's own root, as the app sets it on its document
  useEffect(() => {
    if (!body) return;
    const root = body.ownerDocument.documentElement;
    root.removeAttribute('style');
    body.removeAttribute('style');
    if (device === 'phone') root.style.setProperty('scrollbar-width', 'none');
    for (const [name, value] of Object.entries(pageStyle ?? {})) {
      if (name.startsWith('--')) root.style.setProperty(name, value);
      else
        body.style.setProperty(
          name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`),
          value,
        );
    }
    if (version) root.dataset.version = version;
  }, [body, pageStyle, version, device]);

  return (
    <div
      className={cx(
        'shrink-0 overflow-hidden border-slate-800 bg-slate-800 shadow-lg',
        device === 'phone' ? 'rounded-[1.75rem] border-8' : 'rounded-lg border-x-4 border-t-[14px] border-b-4',
      )}
    >
      <div
        style={{ width: size.width * scale, height: size.height * scale }}
        className={cx('overflow-hidden', device === 'phone' ? 'rounded-[1.25rem]' : 'rounded-sm')}
      >
        <iframe
          ref={frame}
          title={title}
          data-version={version}
          data-device={device}
          data-ready={ready || undefined}
          style={{ width: size.width, height: size.height, transform: `scale(${scale})`, transformOrigin: '0 0' }}
          className={cx('block border-0 bg-surface', focusRing)}
        />
      </div>
      {body && createPortal(children, body)}
    </div>
  );
}
