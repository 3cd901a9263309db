import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:3411';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
const ctx = await browser.newContext({ baseURL: base });
const page = await ctx.newPage();
await page.goto('/merchant/sign-in');
let block = true;
let n = 0;
await page.route(/BN1gpy8a\.js/, (r) => {
  n++;
  return block ? r.abort() : r.continue();
});
console.log(
  await page.evaluate(() =>
    import('/merchant/assets/BN1gpy8a.js').then(
      () => 'ok',
      (e) => 'fail ' + e.message,
    ),
  ),
);
block = false;
console.log(
  await page.evaluate(() =>
    import('/merchant/assets/BN1gpy8a.js').then(
      () => 'ok',
      (e) => 'fail ' + e.message,
    ),
  ),
  'requests',
  n,
);
await browser.close();
