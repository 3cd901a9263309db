import { existsSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { describeDb, useTestProvider, TEST_MERCHANT_KEY } from './support/provider';
import { products } from './orders.helpers';
import { menuMachineApi } from '#contract/menu.calls';
import { shopApi } from '#contract/shop.calls';
import { callApi } from '../support/calls';

describeDb('catalogue', (kind) => {
  const p = useTestProvider(kind);

  it('answers the seeded menu in position order to guests, with PHP minor-unit prices', async () => {
    const res = await callApi(p, shopApi.catalog).expect(200);
    const cats = res.body.data.categories as Array<{ name: string; products: Array<Record<string, unknown>> }>;
    expect(cats.map((c) => c.name)).toEqual(['Coffee', 'Non-coffee', 'Pastries', 'Meals']);
    const all = cats.flatMap((c) => c.products);
    expect(all.length).toBe(20);
    expect(cats[0]!.products[0]).toEqual({
      id: expect.any(Number),
      name: 'Barako americano',
      description: expect.stringContaining('barako'),
      price: 12500,
      image: '/demo/products/barako-americano.svg',
      available: true,
      option_groups: [
        expect.objectContaining({ name: 'Size', min_choices: 1, max_choices: 1 }),
        expect.objectContaining({ name: 'Extras', min_choices: 0, max_choices: 3 }),
      ],
    });
    expect(
      all
        .filter((x) => !x.available)
        .map((x) => x.name)
        .sort(),
    ).toEqual(['Cold brew', 'Mango fruit tea']);
    for (const x of all) {
      expect(Number.isInteger(x.price)).toBe(true);
      expect(x.price as number).toBeGreaterThanOrEqual(5000);
    }
  });

  it("is the same for every customer and says so: public for 5 s, a signed-in customer gets the guest's menu", async () => {
    const guest = await callApi(p, shopApi.catalog).expect(200);
    expect(guest.headers['cache-control']).toBe('public, max-age=5');
    expect(guest.headers['set-cookie']).toBeUndefined();
    expect(guest.headers.vary).toBeUndefined();
    const ana = await p.newCustomer({ points: 500, wallet: 100_000 });
    const ben = await p.newCustomer();
    const asAna = await callApi(p, shopApi.catalog, { token: ana.token }).expect(200);
    const asBen = await callApi(p, shopApi.catalog, { token: ben.token }).expect(200);
    expect(asAna.body).toEqual(guest.body);
    expect(asBen.body).toEqual(guest.body);
    expect(Number(asBen.headers.age ?? 0)).toBeLessThan(5);
  });

  it('ships a small, distinct SVG with a title for every product image', async () => {
    const res = await callApi(p, shopApi.catalog).expect(200);
    const all = (res.body.data.categories as Array<{ products: Array<{ name: string; image: string }> }>).flatMap((c) => c.products);
    const bodies = new Set<string>();
    for (const x of all) {
      const file = `public${x.image}`;
      expect(existsSync(file), file).toBe(true);
      const svg = readFileSync(file, 'utf8');
      expect(svg.length).toBeLessThan(2048);
      expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(svg).toContain(`<title id="t">${x.name}</title>`);
      bodies.add(svg.replace(/<title[^<]*<\/title>/, ''));
    }
    expect(bodies.size).toBe(all.length);
  });

  it('lets the merchant change a price and availability with the merchant key', async () => {
    const { croissant } = await products(p);
    const res = await callApi(p, menuMachineApi.updateProduct, {
      headers: { 'x-merchant-key': TEST_MERCHANT_KEY },
      body: { product_id: croissant.id, price: 9900, available: false },
    }).expect(200);
    expect(res.body.data.product).toMatchObject({ id: croissant.id, price: 9900, available: false });
    const cat = await callApi(p, shopApi.catalog).expect(200);
    const again = (cat.body.data.categories as Array<{ products: Array<{ id: number; price: number; available: boolean }> }>)
      .flatMap((c) => c.products)
      .find((x) => x.id === croissant.id);
    expect(again).toMatchObject({ price: 9900, available: false });
    await callApi(p, menuMachineApi.updateProduct, {
      headers: { 'x-merchant-key': TEST_MERCHANT_KEY },
      body: { product_id: croissant.id, price: croissant.price, available: true },
    }).expect(200);
  });

  it('refuses merchant calls without the key or with a wrong one (401 FORBIDDEN), changing nothing', async () => {
    const { croissant } = await products(p);
    for (const headers of [
      {} as Record<string, string>,
      { 'x-merchant-key': 'wrong' },
      { 'x-merchant-key': `${TEST_MERCHANT_KEY}x` },
      { 'x-merchant-key': '' },
    ]) {
      const res = await callApi(p, menuMachineApi.updateProduct, { headers, body: { product_id: croissant.id, price: 1 } }).expect(401);
      expect(res.body.error.code).toBe('FORBIDDEN');
    }
    expect((await products(p)).croissant.price).toBe(croissant.price);
  });

  it('names bad fields of a product update (400) and answers 404 for an unknown product', async () => {
    const h = { 'x-merchant-key': TEST_MERCHANT_KEY };
    const a = await callApi(p, menuMachineApi.updateProduct, { headers: h, body: { product_id: 'x', price: 1.5 } }).expect(400);
    expect(a.body.error.fields).toMatchObject({ product_id: expect.any(String), price: expect.any(String) });
    const b = await callApi(p, menuMachineApi.updateProduct, { headers: h, body: { product_id: 1 } }).expect(400);
    expect(b.body.error.fields).toHaveProperty('price');
    const c = await callApi(p, menuMachineApi.updateProduct, { headers: h, body: { product_id: 1, available: 'yes', price: -5 } }).expect(400);
    expect(Object.keys(c.body.error.fields).sort()).toEqual(['available', 'price']);
    const d = await callApi(p, menuMachineApi.updateProduct, { headers: h, body: { product_id: 999999, price: 100 } }).expect(404);
    expect(d.body.error.code).toBe('NOT_FOUND');
  });
});
