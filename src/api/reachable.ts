import { useEffect, useState } from 'react';
import { isOffline, REACHABLE_EVENT, UNREACHABLE_EVENT } from './client';

/** `isOffline()`, kept up to date: the browser's online and offline events, and the API client's. */
export function useOffline(): boolean {
  const [offline, setOffline] = useState(isOffline);
  useEffect(() => {
    const update = () => setOffline(isOffline());
    const events = ['online', 'offline', REACHABLE_EVENT, UNREACHABLE_EVENT];
    for (const e of events) addEventListener(e, update);
    // what changed between the first render and now
    update();
    return () => {
      for (const e of events) removeEventListener(e, update);
    };
  }, []);
  return offline;
}
