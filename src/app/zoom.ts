/**
 * SPEC section 2: on phones, page zoom goes back to 1.0 when an input gains focus and 100 ms after it
 * loses it (iOS zooms into small inputs and stays there). Done by rewriting the viewport meta tag.
 */
export const ZOOM_RESET_DELAY_MS = 100;
const BASE = 'width=device-width, initial-scale=1';
const LOCKED = `${BASE}, maximum-scale=1`;

const isField = (t: EventTarget | null) => t instanceof HTMLElement && t.matches('input, textarea, select');

export function installZoomReset(doc: Document = document, isMobile: () => boolean): () => void {
  const meta = () => doc.querySelector<HTMLMetaElement>('meta[name="viewport"]');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onFocus = (e: FocusEvent) => {
    if (!isMobile() || !isField(e.target)) return;
    clearTimeout(timer);
    meta()?.setAttribute('content', LOCKED);
  };
  const onBlur = (e: FocusEvent) => {
    if (!isMobile() || !isField(e.target)) return;
    clearTimeout(timer);
    timer = setTimeout(() => meta()?.setAttribute('content', BASE), ZOOM_RESET_DELAY_MS);
  };
  doc.addEventListener('focusin', onFocus);
  doc.addEventListener('focusout', onBlur);
  return () => {
    clearTimeout(timer);
    doc.removeEventListener('focusin', onFocus);
    doc.removeEventListener('focusout', onBlur);
  };
}
