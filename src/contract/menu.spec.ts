/**
 * The spec of the menu calls: their declarations (menu.calls.ts) joined to their schemas
 * (menu.ts), error codes and OpenAPI words by `describe` (api-spec.ts). The provider mounts its
 * handlers from it (server/provider/http/mount.ts); endpoints.ts documents it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { describe } from './api-spec';
import {
  categoryCreateBody,
  categoryRenameBody,
  categoryReorderBody,
  categoryDeleteBody,
  productCreateBody,
  productUpdateBody,
  productIdBody,
  productReorderBody,
  merchantProductBody,
  menuAnswer,
  menuCategoryAnswer,
  menuProductAnswer,
  productOnlyAnswer,
} from './menu';
import { menuApi, menuMachineApi } from './menu.calls';

/** The owner's menu editor (tag "Merchant console"). */
export const menuSpec = /* @__PURE__ */ describe('Merchant console', menuApi, {
  menu: {
    summary: 'The menu to edit: every category and product, sold out and archived ones too',
    inContract: false,
    data: menuAnswer,
    answer: 'The menu.',
    message: 'The menu.',
  },
  createCategory: {
    summary: 'Add a category (at the end)',
    inContract: false,
    body: categoryCreateBody,
    data: menuCategoryAnswer,
    answer: 'The category.',
    message: '<name> is on the menu.',
  },
  renameCategory: {
    summary: 'Rename a category',
    inContract: false,
    body: categoryRenameBody,
    data: menuCategoryAnswer,
    answer: 'The category.',
    message: 'Renamed.',
    errors: ['NOT_FOUND'],
  },
  reorderCategories: {
    summary: 'Put the categories in a new order',
    description: '`ids` lists every category once; anything else is 400 naming `ids`.',
    inContract: false,
    body: categoryReorderBody,
    data: menuAnswer,
    answer: 'The menu in its new order.',
    message: 'The new order is saved.',
  },
  deleteCategory: {
    summary: 'Remove a category with no product on the menu',
    description:
      'A category that still has products on the menu: 409 CONFLICT, naming how many. One whose products are all archived is removed for everyone while those products keep it for their orders; restoring one of them brings the category back.',
    inContract: false,
    body: categoryDeleteBody,
    answer: 'Removed.',
    message: 'The category is removed.',
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
  archiveCategoryProducts: {
    summary: 'Archive every product of a category that is on the menu',
    description: 'As archiving each one (merchant/menu/product/archive), in one change: customers no longer see them, past orders keep them.',
    inContract: false,
    body: categoryDeleteBody,
    data: menuAnswer,
    answer: 'The menu as it is now.',
    message: '<n> products of <category> are archived: customers no longer see them.',
    errors: ['NOT_FOUND'],
  },
  createProduct: {
    summary: 'Add a product',
    description: 'Customers see it within 10 s. `image`: an uploaded image (`merchant/images`), a path on this site, or empty.',
    inContract: false,
    body: productCreateBody,
    data: menuProductAnswer,
    answer: 'The product.',
    message: '<name> is on the menu.',
  },
  updateProduct: {
    summary: 'Change a product: name, description, price, category, image, sold out',
    description: 'A new price never changes an order already placed. Customers see the change within 10 s.',
    inContract: false,
    body: productUpdateBody,
    data: menuProductAnswer,
    answer: 'The product as it is now.',
    message: 'Saved. Customers see it within 10 seconds.',
    errors: ['NOT_FOUND'],
  },
  archiveProduct: {
    summary: 'Archive a product: hidden from customers, kept for the orders that name it',
    description:
      'Customers no longer see it and quotes and orders refuse it as a product not on the menu; past orders, tickets and exports still show it. Archiving an archived product changes nothing.',
    inContract: false,
    body: productIdBody,
    data: menuProductAnswer,
    answer: 'The product as it is now.',
    message: '<name> is archived: customers no longer see it.',
    errors: ['NOT_FOUND'],
  },
  restoreProduct: {
    summary: 'Bring an archived product back on the menu (last in its category)',
    inContract: false,
    body: productIdBody,
    data: menuProductAnswer,
    answer: 'The product as it is now.',
    message: '<name> is back on the menu.',
    errors: ['NOT_FOUND'],
  },
  deleteProduct: {
    summary: 'Delete a product that no order names',
    description: 'A product in any order: 409 CONFLICT (archive it instead); one a reward gives: 409 CONFLICT (change the reward first).',
    inContract: false,
    body: productIdBody,
    answer: 'Deleted.',
    message: 'The product is deleted.',
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
  reorderProducts: {
    summary: 'Put the products of a category in a new order',
    description:
      '`ids` lists every product of the category that is not archived, once; anything else is 400 naming `ids`. Archived products are not listed: a restored one comes back last.',
    inContract: false,
    body: productReorderBody,
    data: menuAnswer,
    answer: 'The menu in its new order.',
    message: 'The new order is saved.',
  },
});

/** The merchant key's product change (tag "Merchant"). */
export const menuMachineSpec = /* @__PURE__ */ describe('Merchant', menuMachineApi, {
  updateProduct: {
    summary: "Change a product's price or availability",
    inContract: false,
    body: merchantProductBody,
    data: productOnlyAnswer,
    answer: 'The product as it is now.',
    message: 'Product updated.',
    errors: ['NOT_FOUND'],
  },
});
