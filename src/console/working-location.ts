/**
 * Which location this device works at: the board's and the counter's choice, remembered on the device
 * (a tablet stays at its counter) in localStorage. Containers read it here; screens only get the
 * choice and say when it changes.
 */
import { useState } from 'react';

const KEY = 'console.location';

function read(): number | 'all' | null {
  try {
    const v = localStorage.getItem(KEY);
    if (v === 'all') return 'all';
    return v && /^\d+$/.test(v) ? Number(v) : null;
  } catch {
    return null;
  }
}

/**
 * The location chosen among those the member sees: null for all of them (an owner may choose it; one
 * location needs no choice), else an id of the list. A remembered choice no longer in the list (a staff
 * member moved elsewhere) gives way to all (owners) or the first. Before the list loads, the remembered one.
 */
export function workingLocationOf(stored: number | 'all' | null, locations: ReadonlyArray<{ id: number }> | undefined, canChooseAll: boolean): number | null {
  if (!locations) return typeof stored === 'number' ? stored : null;
  if (locations.length <= 1) return null;
  if (typeof stored === 'number' && locations.some((l) => l.id === stored)) return stored;
  return canChooseAll ? null : locations[0]!.id;
}

/** The remembered choice (workingLocationOf) and how to change it. */
export function useWorkingLocation(locations: ReadonlyArray<{ id: number }> | undefined, canChooseAll: boolean) {
  const [stored, setStored] = useState(read);
  const choice = workingLocationOf(stored, locations, canChooseAll);
  const choose = (id: number | null) => {
    setStored(id ?? 'all');
    try {
      localStorage.setItem(KEY, id === null ? 'all' : String(id));
    } catch {
      // private browsing: remembered until the page closes
    }
  };
  return { choice, choose };
}
