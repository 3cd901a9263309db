import { stampsConsoleSpec, stampsSpec } from '#contract/stamps.spec';
import { Router } from 'express';
import type { ProviderContext } from '../context';
import { mount } from '../http/mount';
import { changeProgram, createProgram, customerStampCards, setProgramState, stampPrograms } from './stamps.service';

/** Stamp cards: the customer's cards (`stamp/cards`), and the owner's programmes (`merchant/loyalty/stamps…`: staff read, owners change). */
export function stampsRoutes(ctx: ProviderContext): Router {
  return Router().use(
    mount(ctx, stampsSpec, {
      cards: (_, at) => customerStampCards(ctx, at.customerId()),
    }),
    mount(ctx, stampsConsoleSpec, {
      programs: () => stampPrograms(ctx),
      create: async (body, at) => ({ program: await createProgram(ctx, at.staff(), body) }),
      update: async (body, at) => ({ program: await changeProgram(ctx, at.staff(), body) }),
      status: async (body, at) => ({ program: await setProgramState(ctx, at.staff(), body) }),
    }),
  );
}
