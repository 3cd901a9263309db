import { describe, expect, it } from 'vitest';
import { documentTitle, guardRedirect, matchRoute, paths, shortcutRedirect, TITLES } from '#contract/routes';

describe('route guards', () => {
  it.each(['/login', '/', '/register', '/register-otp', '/register-name', '/otp'])('sends a signed-in customer from %s to /home', (p) => {
    expect(guardRedirect(p, '', true)).toBe('/home');
  });

  it.each(['/home', '/shop', '/profile/wallet', '/order/KS-123', '/spin', '/nowhere'])('lets a signed-in customer stay on %s', (p) => {
    expect(guardRedirect(p, '', true)).toBeNull();
  });

  it.each(['/home', '/shop', '/reward/redeem/free-coffee', '/profile/home', '/top-up-success', '/nowhere'])('sends a guest from %s to /', (p) => {
    expect(guardRedirect(p, '', false)).toBe('/');
  });

  it('keeps the id parameter when sending a guest to /', () => {
    expect(guardRedirect('/home', '?id=KzYzOTE3fGtvcGk%3D&x=1', false)).toBe('/?id=KzYzOTE3fGtvcGk%3D');
  });

  it.each(['/login', '/', '/register', '/register-otp', '/register-name', '/otp'])('lets a guest see %s', (p) => {
    expect(guardRedirect(p, '?id=abc', false)).toBeNull();
  });
});

describe('a guest at a table (auth/guest, no account)', () => {
  it('opens a table code signed out, for the choice to sign in or order as a guest', () => {
    expect(guardRedirect('/t/abc', '', false)).toBeNull();
  });

  it.each(['/shop', '/order-confirmation', '/order/KS-123', '/order/home', '/payment-success', '/payment-fail'])('lets a table guest order on %s', (p) => {
    expect(guardRedirect(p, '', false, true)).toBeNull();
  });

  it.each(['/home', '/profile/wallet', '/profile/point', '/spin', '/reward/storage/active', '/profile/notification', '/profile/home'])(
    'sends a table guest from the member page %s to sign in',
    (p) => {
      expect(guardRedirect(p, '', false, true)).toBe('/');
    },
  );

  it('sends a table guest who signed in from a sign-in page to /home, as any member', () => {
    expect(guardRedirect('/login', '', true, true)).toBe('/home');
  });
});

describe('titles', () => {
  it('names each route for its title', () => {
    expect(matchRoute('/order/home')).toBe('orderHome');
    expect(matchRoute('/order/KS-7F3K9Q2M')).toBe('order');
    expect(matchRoute('/top-up-success/order')).toBe('topUpSuccessOrder');
    expect(matchRoute('/reward/storage/used')).toBe('rewardStorage');
    expect(matchRoute('/profile/wallet/')).toBe('profileWallet');
    expect(matchRoute('/nope')).toBeNull();
  });

  it('reads "<company> - <label>"', () => {
    expect(documentTitle('Kopi Senja', TITLES.shop)).toBe('Kopi Senja - Shop');
    expect(documentTitle('Kopi Senja', TITLES.spin)).toBe('Kopi Senja - Spin and Win');
    expect(documentTitle(undefined, TITLES.home)).toBe('Home');
  });

  it('gives every route a title', () => {
    for (const name of Object.keys(paths)) expect(TITLES[name as keyof typeof TITLES]).toBeTruthy();
  });
});

describe('short addresses (issue 46: /rewards and /profile were 404s)', () => {
  it.each([
    ['/rewards', '/reward/storage/active'],
    ['/rewards/', '/reward/storage/active'],
    ['/reward', '/reward/storage/active'],
    ['/profile', '/profile/home'],
    ['/orders', '/order/home'],
    ['/wallet', '/profile/wallet'],
    ['/points', '/profile/point'],
    ['/notifications', '/profile/notification'],
  ])('sends %s to %s', (from, target) => {
    expect(shortcutRedirect(from)).toBe(target);
    expect(matchRoute(target)).not.toBeNull();
  });

  it('leaves real pages and unknown paths alone', () => {
    expect(shortcutRedirect('/profile/home')).toBeNull();
    expect(shortcutRedirect('/reward/storage/used')).toBeNull();
    expect(shortcutRedirect('/nowhere')).toBeNull();
    expect(shortcutRedirect('/REWARDS')).toBeNull();
  });
});
