import { Router } from 'express';
import { wheelEditorSpec, wheelSpec } from '#contract/wheel.spec';
import type { ProviderContext } from '../context';
import { mount } from '../http/mount';
import { publishWheel, spinWheel, wheelConfig, wheelEditor, wheelRules } from './wheel.service';

/** The customer's wheel and spins; and the owner's wheel (merchant/wheel…: owners only, every publication audited). */
export function wheelRoutes(ctx: ProviderContext): Router {
  return Router().use(
    mount(ctx, wheelSpec, {
      config: (_, at) => wheelConfig(ctx, at.customerId()),
      spin: async (body, at) => {
        // read before the transaction: PGlite has one connection, which the transaction holds
        const rules = await wheelRules(ctx);
        return at.once(async (trx) => {
          const { data, message } = await spinWheel(ctx, trx, at.customerId(), rules, body.lang);
          return at.reply(data, message);
        });
      },
    }),
    mount(ctx, wheelEditorSpec, {
      editor: () => wheelEditor(ctx),
      publish: (body, at) => publishWheel(ctx, at.staff(), body),
    }),
  );
}
