import type { Router } from 'express';
import { optionsSpec } from '#contract/options.spec';
import type { ProviderContext } from '../context';
import { mount } from '../http/mount';
import { createGroup, deleteGroup, optionGroups, setAvailability, updateGroup } from './options.service';

/** The owner's option groups (merchant/menu/option-group…): owners only, every change audited. */
export function optionsRoutes(ctx: ProviderContext): Router {
  return mount(ctx, optionsSpec, {
    groups: () => optionGroups(ctx.db),
    createGroup: async (body, at) => at.reply({ group: await createGroup(ctx, at.staff(), body) }, `${body.name} is saved.`),
    updateGroup: async (body, at) => ({ group: await updateGroup(ctx, at.staff(), body) }),
    deleteGroup: async (body, at) => deleteGroup(ctx, at.staff(), body.id),
    setAvailability: async (body, at) => ({ group: await setAvailability(ctx, at.staff(), body) }),
  });
}
