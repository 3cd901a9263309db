/**
 * `use-sync-external-store/shim` for the app's build (vite.config.ts aliases it here): SWR imports the
 * shim that React 17 needed; React 19 has the hook itself, so the shim's copy (0.6 KB of /login) goes.
 */
export { useSyncExternalStore } from 'react';
