import type { EditorOptionGroup, OptionAvailabilityInput, OptionGroupsData } from '#contract';
import type { optionGroupBody, optionGroupUpdateBody } from '#contract/options';
import type { z } from 'zod';
import type { Database } from '../../db';
import type { ProviderContext } from '../context';
import { notFound, validation } from '../http/errors';
import type { StaffOfRequest } from '../http/staff-session';
import { forgetCatalog } from '../shop/shop.service';
import { insertAudit } from '../staff/staff.repo';
import {
  deleteGroupRow,
  deleteOptionRows,
  editorGroups,
  findOption,
  holdGroups,
  insertGroup,
  insertOption,
  lockGroup,
  optionIdsOf,
  setOptionAvailable,
  setProductGroups,
  updateGroupRow,
  updateOptionRow,
} from './options.repo';

/**
 * The owner's option groups (Size, Milk, Extras): added, changed whole (an option listed with its id
 * keeps it, one without is new, one left out is removed), removed (from every product that has it), and
 * each option's sold-out switch. Every change takes the group's row lock first, which an order's pricing
 * holds (share) while it reads the group, so an order sees a change whole or not at all; every change is
 * audited with the group before and after, and the menu's cache is forgotten (customers see it within
 * 10 s). Orders keep the options and prices they were placed with (order_item_options).
 */

/**
 * A change of the menu in one transaction: `run` answers what it did, which is written to the activity
 * log with the thing before and after; then the menu's cache is forgotten. The menu editor's changes use
 * it too (menu/).
 */
export async function menuChange<T>(
  ctx: ProviderContext,
  staff: StaffOfRequest,
  run: (trx: Database) => Promise<{ result: T; action: string; target: string; before: unknown; after: unknown }>,
): Promise<T> {
  const out = await ctx.db.transaction().execute(async (trx) => {
    const r = await run(trx);
    await insertAudit(trx, { staffId: staff.id, action: r.action, target: r.target, before: r.before, after: r.after, now: ctx.clock.now() });
    return r.result;
  });
  forgetCatalog(ctx.db);
  return out;
}

export async function optionGroups(db: Database): Promise<OptionGroupsData> {
  return { groups: await editorGroups(db) };
}

async function groupOf(trx: Database, id: number): Promise<EditorOptionGroup> {
  const [group] = await editorGroups(trx, [id]);
  if (!group) throw notFound('Option group');
  return group;
}

type GroupBody = z.output<typeof optionGroupBody>;

export function createGroup(ctx: ProviderContext, staff: StaffOfRequest, body: GroupBody): Promise<EditorOptionGroup> {
  return menuChange(ctx, staff, async (trx) => {
    const { options, ...fields } = body;
    const id = await insertGroup(trx, fields);
    for (const [position, option] of options.entries()) await insertOption(trx, id, position, option);
    const group = await groupOf(trx, id);
    return { result: group, action: 'menu.option_group.create', target: `option_group:${id}`, before: null, after: group };
  });
}

export function updateGroup(ctx: ProviderContext, staff: StaffOfRequest, body: z.output<typeof optionGroupUpdateBody>): Promise<EditorOptionGroup> {
  return menuChange(ctx, staff, async (trx) => {
    if (!(await lockGroup(trx, body.id))) throw notFound('Option group');
    const before = await groupOf(trx, body.id);
    const { id, options, ...fields } = body;
    const existing = await optionIdsOf(trx, id);
    const foreign: Record<string, string> = {};
    options.forEach((o, n) => {
      if (o.id !== undefined && !existing.includes(o.id)) foreign[`options.${n}.id`] = 'is not an option of this group';
      else if (o.id !== undefined && options.findIndex((x) => x.id === o.id) < n) foreign[`options.${n}.id`] = 'is listed twice';
    });
    if (Object.keys(foreign).length) throw validation(foreign, 'Some options are not in this group any more: reload the page and try again.');
    const kept = options.map((o) => o.id).filter((o): o is number => o !== undefined);
    await deleteOptionRows(
      trx,
      existing.filter((o) => !kept.includes(o)),
    );
    await updateGroupRow(trx, id, fields);
    for (const [position, { id: optionId, ...option }] of options.entries()) {
      if (optionId === undefined) await insertOption(trx, id, position, option);
      else await updateOptionRow(trx, optionId, position, option);
    }
    const group = await groupOf(trx, id);
    return { result: group, action: 'menu.option_group.update', target: `option_group:${id}`, before, after: group };
  });
}

export function deleteGroup(ctx: ProviderContext, staff: StaffOfRequest, id: number): Promise<null> {
  return menuChange(ctx, staff, async (trx) => {
    if (!(await lockGroup(trx, id))) throw notFound('Option group');
    const before = await groupOf(trx, id);
    await deleteGroupRow(trx, id);
    return { result: null, action: 'menu.option_group.delete', target: `option_group:${id}`, before, after: null };
  });
}

export function setAvailability(ctx: ProviderContext, staff: StaffOfRequest, body: OptionAvailabilityInput): Promise<EditorOptionGroup> {
  return menuChange(ctx, staff, async (trx) => {
    const found = await findOption(trx, body.id);
    // the group's lock first, as every change of its options; the option may have gone meanwhile
    if (!found || !(await lockGroup(trx, found.group_id))) throw notFound('Option');
    const option = await findOption(trx, body.id);
    if (!option) throw notFound('Option');
    await setOptionAvailable(trx, body.id, body.available);
    const group = await groupOf(trx, option.group_id);
    return {
      result: group,
      action: 'menu.option.availability',
      target: `option:${body.id}`,
      before: { name: option.name, available: option.available },
      after: { name: option.name, available: body.available },
    };
  });
}

/**
 * A product's option groups, as the product form sends them (menu/): each must exist (400 naming
 * `option_group_ids`), held until commit so none is removed meanwhile; the product's row is locked by the caller.
 */
export async function attachGroups(trx: Database, productId: number, groupIds: number[]): Promise<void> {
  const found = await holdGroups(trx, groupIds);
  const missing = groupIds.filter((g) => !found.has(g));
  if (missing.length) {
    throw validation(
      { option_group_ids: missing.length === 1 ? 'include a group that no longer exists' : 'include groups that no longer exist' },
      'Some option groups no longer exist: reload the page and try again.',
    );
  }
  await setProductGroups(trx, productId, groupIds);
}
