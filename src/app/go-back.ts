import { useCallback } from 'react';
import { useLocation, useNavigate } from './router';

/**
 * Back to the page the customer came from inside the app, or to `fallback` when this page was opened
 * directly (a link, a reload in a new tab): the browser's back would then leave the app.
 */
export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate();
  const { key } = useLocation();
  return useCallback(() => {
    if (key !== 'default') void navigate(-1);
    else void navigate(fallback, { replace: true });
  }, [navigate, key, fallback]);
}
