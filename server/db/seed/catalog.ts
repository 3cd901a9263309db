import type { Database } from '..';

/**
 * The demo coffee shop's menu: 20 products in 4 categories, prices in PHP minor units
 * (14500 = ₱145.00), images in public/demo/products/<slug>.svg. Two are unavailable, so the shop
 * shows a sold-out state out of the box. Inserted only when there are no categories yet, so a
 * merchant's own price and availability edits survive restarts.
 */
export interface SeedProduct {
  slug: string;
  name: string;
  description: string;
  price: number;
  available?: boolean;
}

export const SEED_CATALOG: Array<{ name: string; products: SeedProduct[] }> = [
  {
    name: 'Coffee',
    products: [
      {
        slug: 'barako-americano',
        name: 'Barako americano',
        description: 'Batangas kapeng barako pulled long over hot water: bold, smoky and bright.',
        price: 12_500,
      },
      { slug: 'spanish-latte', name: 'Spanish latte', description: 'Double espresso, steamed milk and a ribbon of condensed milk.', price: 16_500 },
      { slug: 'iced-latte', name: 'Iced latte', description: 'Espresso over ice with fresh or oat milk. Ask for an extra shot.', price: 15_500 },
      { slug: 'cappuccino', name: 'Cappuccino', description: 'Equal parts espresso, steamed milk and velvety foam, dusted with cocoa.', price: 14_500 },
      {
        slug: 'salted-caramel-macchiato',
        name: 'Salted caramel macchiato',
        description: 'Vanilla milk marked with espresso and house salted caramel.',
        price: 17_500,
      },
      {
        slug: 'cold-brew',
        name: 'Cold brew',
        description: 'Benguet beans steeped for 18 hours. Smooth, low in acid, served black.',
        price: 15_000,
        available: false,
      },
    ],
  },
  {
    name: 'Non-coffee',
    products: [
      { slug: 'ube-latte', name: 'Ube latte', description: 'Purple yam halaya whisked into cold milk. Sweet, nutty, caffeine-free.', price: 15_500 },
      { slug: 'matcha-latte', name: 'Matcha latte', description: 'Ceremonial-grade matcha with steamed milk, lightly sweetened.', price: 16_500 },
      { slug: 'calamansi-cooler', name: 'Calamansi honey cooler', description: 'Freshly squeezed calamansi, wild honey and sparkling water.', price: 11_500 },
      { slug: 'tsokolate', name: 'Tsokolate', description: 'Thick hot chocolate made from Davao tablea, whisked with a batirol.', price: 13_500 },
      {
        slug: 'mango-fruit-tea',
        name: 'Mango fruit tea',
        description: 'Jasmine green tea shaken with Guimaras mango. Back next mango season.',
        price: 12_500,
        available: false,
      },
    ],
  },
  {
    name: 'Pastries',
    products: [
      { slug: 'butter-croissant', name: 'Butter croissant', description: 'Laminated by hand with French butter, baked every morning.', price: 9_500 },
      { slug: 'ensaymada', name: 'Ensaymada', description: 'Soft brioche coil topped with butter, sugar and grated quezo de bola.', price: 8_500 },
      { slug: 'banana-bread', name: 'Banana bread', description: 'A thick slice of moist banana bread with toasted walnuts.', price: 9_000 },
      { slug: 'ube-cheese-pandesal', name: 'Ube cheese pandesal', description: 'Three purple pandesal rolls with a molten cheese centre.', price: 7_500 },
      { slug: 'chocolate-cake', name: 'Chocolate kalamansi cake', description: 'Dark chocolate layers with a tangy kalamansi curd. One slice.', price: 14_500 },
    ],
  },
  {
    name: 'Meals',
    products: [
      { slug: 'tapsilog', name: 'Tapsilog', description: 'Cured beef tapa, garlic fried rice and a sunny-side-up egg.', price: 24_500 },
      {
        slug: 'chicken-adobo-bowl',
        name: 'Chicken adobo rice bowl',
        description: 'Chicken braised in vinegar, soy and garlic over steamed rice.',
        price: 22_500,
      },
      {
        slug: 'longganisa-sandwich',
        name: 'Longganisa pandesal sandwich',
        description: 'Sweet Pampanga longganisa, egg and atchara in a toasted pandesal.',
        price: 18_500,
      },
      {
        slug: 'tuyo-pesto-pasta',
        name: 'Tuyo pesto pasta',
        description: 'Spaghetti with basil pesto, flaked dried herring and cherry tomatoes.',
        price: 21_500,
      },
    ],
  },
];

/**
 * The demo's option groups, in the order a product shows them, and the products (by slug) that have
 * each: every coffee drink a Size and Extras, the milk drinks a Milk too. Regular and Whole are the
 * defaults, so a line ordered without options costs the product's price.
 */
const SEED_OPTION_GROUPS: Array<{
  name: string;
  min: number;
  max: number;
  options: Array<{ name: string; delta: number; isDefault?: boolean }>;
  products: string[];
}> = [
  {
    name: 'Size',
    min: 1,
    max: 1,
    options: [
      { name: 'Regular', delta: 0, isDefault: true },
      { name: 'Large', delta: 2_000 },
    ],
    products: ['barako-americano', 'spanish-latte', 'iced-latte', 'cappuccino', 'salted-caramel-macchiato', 'cold-brew'],
  },
  {
    name: 'Milk',
    min: 1,
    max: 1,
    options: [
      { name: 'Whole milk', delta: 0, isDefault: true },
      { name: 'Oat milk', delta: 2_500 },
    ],
    products: ['spanish-latte', 'iced-latte', 'cappuccino', 'salted-caramel-macchiato'],
  },
  {
    name: 'Extras',
    min: 0,
    max: 3,
    options: [
      { name: 'Extra shot', delta: 3_000 },
      { name: 'Vanilla syrup', delta: 2_000 },
      { name: 'Caramel drizzle', delta: 2_000 },
    ],
    products: ['barako-americano', 'spanish-latte', 'iced-latte', 'cappuccino', 'salted-caramel-macchiato', 'cold-brew'],
  },
];

export const productImage = (slug: string) => `/demo/products/${slug}.svg`;

export async function seedCatalog(db: Database): Promise<void> {
  const existing = await db.selectFrom('categories').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  for (const [c, category] of SEED_CATALOG.entries()) {
    const row = await db
      .insertInto('categories')
      .values({ name: category.name, position: c + 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('products')
      .values(
        category.products.map((p, i) => ({
          category_id: row.id,
          name: p.name,
          description: p.description,
          price: p.price,
          image: productImage(p.slug),
          available: p.available ?? true,
          position: i + 1,
        })),
      )
      .execute();
  }
  await seedOptionGroups(db);
}

async function seedOptionGroups(db: Database): Promise<void> {
  const products = await db.selectFrom('products').select(['id', 'image']).execute();
  const idOf = new Map(products.map((p) => [p.image, p.id]));
  for (const [g, group] of SEED_OPTION_GROUPS.entries()) {
    const row = await db
      .insertInto('option_groups')
      .values({ name: group.name, min_choices: group.min, max_choices: group.max, position: g + 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('options')
      .values(group.options.map((o, i) => ({ group_id: row.id, name: o.name, price_delta: o.delta, is_default: o.isDefault ?? false, position: i + 1 })))
      .execute();
    await db
      .insertInto('product_option_groups')
      .values(group.products.map((slug) => ({ product_id: idOf.get(productImage(slug))!, group_id: row.id, position: g + 1 })))
      .execute();
  }
}
