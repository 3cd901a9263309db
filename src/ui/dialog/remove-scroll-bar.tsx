/**
 * Stands in for `react-remove-scroll-bar` (aliased in vite.config.ts), which Radix Dialog uses to lock
 * the page's scroll under a modal. The original writes its rules into an injected <style> element,
 * which the gateway's Content-Security-Policy (style-src 'self') blocks, with a console error each
 * time a dialog opens. Here the rules live in the bundled stylesheet (src/ui/dialog/scroll-lock.css)
 * and only the lock attribute and the scrollbar's width are set, through the CSSOM, which CSP allows.
 */
import { useEffect } from 'react';
import { fullWidthClassName, noScrollbarsClassName, removedBarSizeVariable, zeroRightClassName } from 'react-remove-scroll-bar/constants';

export { fullWidthClassName, noScrollbarsClassName, removedBarSizeVariable, zeroRightClassName };

const LOCK = 'data-scroll-locked';

const count = () => {
  const n = parseInt(document.body.getAttribute(LOCK) || '0', 10);
  return Number.isFinite(n) ? n : 0;
};

export function getGapWidth(): { left: number; top: number; right: number; gap: number } {
  if (typeof window === 'undefined') return { left: 0, top: 0, right: 0, gap: 0 };
  return { left: 0, top: 0, right: 0, gap: Math.max(0, window.innerWidth - document.documentElement.clientWidth) };
}

export function RemoveScrollBar(_props: { noRelative?: boolean; noImportant?: boolean; gapMode?: 'margin' | 'padding' }) {
  useEffect(() => {
    const body = document.body;
    // measured before the first lock hides the scrollbar, kept while any dialog holds it
    if (count() === 0) body.style.setProperty(removedBarSizeVariable, `${getGapWidth().gap}px`);
    body.setAttribute(LOCK, String(count() + 1));
    return () => {
      const left = count() - 1;
      if (left > 0) return body.setAttribute(LOCK, String(left));
      body.removeAttribute(LOCK);
      body.style.removeProperty(removedBarSizeVariable);
    };
  }, []);
  return null;
}
