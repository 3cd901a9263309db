import type { Router } from 'express';
import { categoryCreateBody, categoryDeleteBody, categoryRenameBody, categoryReorderBody, productCreateBody, productUpdateBody } from '#contract/editors';
import type { ProviderContext } from '../context';
import { apiRouter } from '../http/api-router';
import { send } from '../http/envelope';
import { requireStaff, staffOf } from '../http/staff-session';
import { parse } from '../http/validate';
import { createCategory, createProduct, deleteCategory, menu, renameCategory, reorderCategories, updateProduct } from './menu.service';

/** The owner's menu editor (merchant/menu/…): owners only, every change audited. */
export function menuRoutes(ctx: ProviderContext): Router {
  const r = apiRouter();
  const owner = requireStaff(ctx, 'owner');

  r.get('/merchant/menu', owner, async (_req, res) => {
    send(res, 200, 'The menu.', await menu(ctx));
  });

  r.post('/merchant/menu/category/create', owner, async (req, res) => {
    const body = parse(categoryCreateBody, req.body);
    send(res, 201, `${body.name} is on the menu.`, { category: await createCategory(ctx, staffOf(res), body) });
  });

  r.post('/merchant/menu/category/rename', owner, async (req, res) => {
    const body = parse(categoryRenameBody, req.body);
    send(res, 200, 'Renamed.', { category: await renameCategory(ctx, staffOf(res), body) });
  });

  r.post('/merchant/menu/category/reorder', owner, async (req, res) => {
    const body = parse(categoryReorderBody, req.body);
    send(res, 200, 'The new order is saved.', await reorderCategories(ctx, staffOf(res), body.ids));
  });

  r.post('/merchant/menu/category/delete', owner, async (req, res) => {
    const body = parse(categoryDeleteBody, req.body);
    await deleteCategory(ctx, staffOf(res), body.id);
    send(res, 200, 'The category is removed.', null);
  });

  r.post('/merchant/menu/product/create', owner, async (req, res) => {
    const body = parse(productCreateBody, req.body);
    send(res, 201, `${body.name} is on the menu.`, { product: await createProduct(ctx, staffOf(res), body) });
  });

  r.post('/merchant/menu/product/update', owner, async (req, res) => {
    const body = parse(productUpdateBody, req.body);
    send(res, 200, 'Saved. Customers see it within 10 seconds.', { product: await updateProduct(ctx, staffOf(res), body) });
  });

  return r;
}
