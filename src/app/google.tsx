import { useEffect, useRef, useState } from 'react';

/**
 * Google Identity Services, loaded only when the gateway says GOOGLE_CLIENT_ID is set. The ID token
 * (credential) goes to the provider's auth/google, which verifies it; nothing is kept in the browser.
 */
const GIS_SRC = 'https://accounts.google.com/gsi/client';

interface GoogleId {
  initialize(o: { client_id: string; callback: (r: { credential: string }) => void; ux_mode?: string; context?: string }): void;
  renderButton(el: HTMLElement, o: Record<string, unknown>): void;
}
declare global {
  interface Window {
    google?: { accounts: { id: GoogleId } };
  }
}

let loading: Promise<void> | null = null;
function loadScript(): Promise<void> {
  if (window.google?.accounts?.id) return Promise.resolve();
  loading ??= new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = GIS_SRC;
    s.async = true;
    s.onload = () => resolve();
    s.onerror = () => {
      loading = null;
      reject(new Error('Google sign-in could not load'));
    };
    document.head.appendChild(s);
  });
  return loading;
}

export function GoogleSignInButton({ clientId, onCredential }: { clientId: string; onCredential: (idToken: string) => void }) {
  const el = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const callback = useRef(onCredential);
  callback.current = onCredential;
  useEffect(() => {
    let cancelled = false;
    loadScript()
      .then(() => {
        if (cancelled || !el.current || !window.google) return;
        window.google.accounts.id.initialize({ client_id: clientId, callback: (r) => callback.current(r.credential), context: 'signin' });
        window.google.accounts.id.renderButton(el.current, { type: 'standard', theme: 'outline', size: 'large', text: 'continue_with', width: 320 });
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [clientId]);
  if (failed) return <p className="text-sm text-muted">Google sign-in is unavailable right now. Use your phone number instead.</p>;
  return <div ref={el} className="flex min-h-11 justify-center" />;
}
