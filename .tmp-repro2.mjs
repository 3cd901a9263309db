import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:3411';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
for (const mode of (process.argv[2] ?? 'js,css,hang-css,hang-js').split(',')) {
  const ctx = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  page.on('console', (m) => console.log('  console', m.type(), m.text().slice(0, 200)));
  page.on('pageerror', (e) => console.log('  pageerror', e.message.slice(0, 200)));
  await page.goto('/merchant/sign-in');
  await page.getByLabel('E-mail').fill('owner@kopisenja.example');
  await page.getByLabel('Password').fill('correct horse battery staple');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/merchant');
  await page.getByText('Rosa Dela Cruz').first().waitFor();
  const target = mode.endsWith('css') ? /dashboard-screen-.*\.css/ : /BN1gpy8a\.js/;
  await page.route(target, (route) => (mode.startsWith('hang') ? undefined : route.abort()));
  console.log('--- mode', mode);
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await page.waitForTimeout(4000);
  console.log('  body:', JSON.stringify((await page.locator('body').innerText()).slice(0, 120)));
  await ctx.close();
}
await browser.close();
