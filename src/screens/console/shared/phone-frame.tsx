import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cx, focusRing } from '../../../ui';

/** A phone's screen in CSS pixels: what the customer app is designed and screenshot at. */
export const PHONE = { width: 390, height: 844 } as const;

export interface PhoneFrameProps {
  /** the frame's accessible name ("Lite version, home page") */
  title: string;
  /** how much smaller than life it is drawn (0.75: three quarters) */
  scale: number;
  /** CSS variables and styles for the phone's page (the draft's theme, the landing background) */
  pageStyle?: Record<string, string>;
  /** for tests and styles: which version the phone shows */
  version?: string;
  children: ReactNode;
}

/** The parent page's stylesheets, copied into the frame: the same classes, so the same screens. */
function copyStyles(from: Document, to: Document) {
  for (const node of Array.from(from.querySelectorAll('link[rel="stylesheet"], style'))) to.head.appendChild(node.cloneNode(true));
}

/**
 * A phone of its own for a preview: an iframe 390 CSS pixels wide, drawn at `scale`, whose document
 * gets this page's stylesheets and has `children` rendered into it through a React portal. Its width
 * is a phone's, so the screens' media queries see a phone (one column, names and prices whole), which
 * a box squeezed inside the console's desktop page never could.
 *
 * The frame has no address (no src): it is this page's own empty document, same origin by birth, so
 * nothing is sent into it (no postMessage to listen for, no query string, no token) — the draft and the
 * shop's menu reach it as React props, in memory. It loads nothing the console's CSP does not already
 * allow (its stylesheets are the console's own), and frame-src can stay 'none'. What it shows is only
 * shown: its body is inert, so no link in it goes anywhere.
 */
export function PhoneFrame({ title, scale, pageStyle, version, children }: PhoneFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [body, setBody] = useState<HTMLElement | null>(null);

  useLayoutEffect(() => {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    copyStyles(document, doc);
    doc.documentElement.lang = document.documentElement.lang || 'en';
    doc.body.inert = true;
    setBody(doc.body);
  }, []);

  // the draft's theme on the phone's own root, as the app sets it on its document
  useEffect(() => {
    if (!body) return;
    const root = body.ownerDocument.documentElement;
    root.removeAttribute('style');
    body.removeAttribute('style');
    for (const [name, value] of Object.entries(pageStyle ?? {})) {
      if (name.startsWith('--')) root.style.setProperty(name, value);
      else
        body.style.setProperty(
          name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`),
          value,
        );
    }
    if (version) root.dataset.version = version;
  }, [body, pageStyle, version]);

  return (
    <div className="shrink-0 overflow-hidden rounded-[1.75rem] border-8 border-slate-800 bg-slate-800 shadow-lg">
      <div style={{ width: PHONE.width * scale, height: PHONE.height * scale }} className="overflow-hidden rounded-[1.25rem]">
        <iframe
          ref={frame}
          title={title}
          data-version={version}
          style={{ width: PHONE.width, height: PHONE.height, transform: `scale(${scale})`, transformOrigin: '0 0' }}
          className={cx('block border-0 bg-surface', focusRing)}
        />
      </div>
      {body && createPortal(children, body)}
    </div>
  );
}
