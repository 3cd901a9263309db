import type { ProviderContext } from '../context';

/** Expires points past 365 days (oldest first) and sends the 7-days-ahead notice. */
export async function runPointsExpiry(_ctx: ProviderContext): Promise<void> {}
