import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:3411';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
const ctx = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
const page = await ctx.newPage();
await page.goto('/merchant/sign-in');
await page.getByLabel('E-mail').fill('owner@kopisenja.example');
await page.getByLabel('Password').fill('correct horse battery staple');
await page.getByRole('button', { name: 'Sign in' }).click();
await page.waitForURL('**/merchant');
page.on('request', (r) => {
  if (r.url().includes('/merchant/assets/')) console.log('REQ', r.url().split('/').pop());
});
await page.route(/dashboard-screen-.*\.css/, () => {});
await page.goto('/merchant/dashboard');
await page.waitForTimeout(5000);
console.log('body:', JSON.stringify((await page.locator('body').innerText()).slice(0, 120)));
await browser.close();
