import { describe, expect, it } from 'vitest';
import { handleNotificationClick, handlePush, INBOX_PATH, notificationFor } from '../../../src/pwa/sw-push';

/** The service worker's push handling: what a payload shows, where a tap goes (never off the app). */

const payload = {
  title: 'Order K-12 is ready for pickup',
  body: 'Collect it at Jl. Senja 5.',
  link: '/orders/K-12',
  tag: 'order_status:/orders/K-12',
  notification_id: 41,
};

describe('notificationFor', () => {
  it('shows the payload: title, body, tag, the link and id as data, the icon given', () => {
    expect(notificationFor(JSON.stringify(payload), { icon: '/icon-192.png', badge: '/badge.png' })).toEqual({
      title: 'Order K-12 is ready for pickup',
      options: {
        body: 'Collect it at Jl. Senja 5.',
        tag: 'order_status:/orders/K-12',
        icon: '/icon-192.png',
        badge: '/badge.png',
        renotify: true,
        data: { link: '/orders/K-12', notification_id: 41 },
      },
    });
  });

  it('falls back to a plain notice opening the inbox when the payload is missing or malformed', () => {
    for (const data of [null, '', 'not json', '[1,2]', 'null', '{"title": 5}']) {
      const { title, options } = notificationFor(data);
      expect(title, String(data)).toBe('You have a new notification');
      expect(options.data).toEqual({ link: INBOX_PATH, notification_id: null });
      expect(options.tag).toBe('notification');
      expect(options).not.toHaveProperty('icon');
    }
  });

  it('opens only app paths: another site, a protocol-relative or a script link goes to the inbox', () => {
    for (const link of ['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 42, `/${'a'.repeat(600)}`]) {
      expect(notificationFor(JSON.stringify({ ...payload, link })).options.data.link, String(link)).toBe(INBOX_PATH);
    }
    expect(notificationFor(JSON.stringify({ ...payload, link: null })).options.data.link).toBe(INBOX_PATH);
  });

  it('bounds what it shows; an id without a tag makes the tag', () => {
    const { title, options } = notificationFor(JSON.stringify({ title: 'x'.repeat(500), body: 'y'.repeat(5000), notification_id: 7 }));
    expect(title).toHaveLength(200);
    expect(options.body).toHaveLength(1000);
    expect(options.tag).toBe('notification:7');
  });
});

/** A worker scope as the browser gives it: the calls recorded. */
function workerScope(windows: Array<{ url: string }> = []) {
  const calls: string[] = [];
  const scope = {
    location: { origin: 'https://shop.example' },
    registration: {
      showNotification: async (title: string, options: unknown) => {
        calls.push(`show ${title} ${JSON.stringify(options)}`);
      },
    },
    clients: {
      matchAll: async () =>
        windows.map((w) => ({
          url: w.url,
          focus: async () => calls.push(`focus ${w.url}`),
          navigate: async (url: string) => calls.push(`navigate ${w.url} -> ${url}`),
        })),
      openWindow: async (url: string) => calls.push(`open ${url}`),
    },
  };
  return { scope, calls };
}

function event<T extends object>(fields: T) {
  const waits: Promise<unknown>[] = [];
  return { e: { ...fields, waitUntil: (p: Promise<unknown>) => waits.push(p) }, done: () => Promise.all(waits) };
}

describe('the worker handlers', () => {
  it('push: shows the notification and keeps the worker alive until it is shown', async () => {
    const { scope, calls } = workerScope();
    const { e, done } = event({ data: { text: () => JSON.stringify(payload) } });
    handlePush(e, { icon: '/i.png' }, scope);
    await done();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatch(/^show Order K-12 is ready for pickup \{"body":"Collect it at Jl. Senja 5."/);
  });

  it('a push with no data still shows a notice (userVisibleOnly)', async () => {
    const { scope, calls } = workerScope();
    const { e, done } = event({ data: null });
    handlePush(e, {}, scope);
    await done();
    expect(calls[0]).toMatch(/^show You have a new notification /);
  });

  it("a tap takes the app's open window to the link and brings it forward", async () => {
    const { scope, calls } = workerScope([{ url: 'https://other.example/' }, { url: 'https://shop.example/home' }]);
    let closed = false;
    const { e, done } = event({ notification: { data: { link: '/orders/K-12' }, close: () => (closed = true) } });
    handleNotificationClick(e, scope);
    await done();
    expect(closed).toBe(true);
    expect(calls).toEqual(['navigate https://shop.example/home -> https://shop.example/orders/K-12', 'focus https://shop.example/home']);
  });

  it('a tap with no app window open opens one; a foreign link opens the inbox', async () => {
    const { scope, calls } = workerScope();
    const { e, done } = event({ notification: { data: { link: 'https://evil.example/' }, close: () => {} } });
    handleNotificationClick(e, scope);
    await done();
    expect(calls).toEqual([`open https://shop.example${INBOX_PATH}`]);
  });

  it('a link that only looks like a path (a tab, a line break or a backslash the URL parser drops) never leaves the app', async () => {
    for (const link of ['/\t/evil.example', '/\n/evil.example/x', '/\r\n/evil.example', '/\t\\evil.example', '\t//evil.example']) {
      const { scope, calls } = workerScope();
      const { e, done } = event({ notification: { data: { link }, close: () => {} } });
      handleNotificationClick(e, scope);
      await done();
      expect(calls, JSON.stringify(link)).toEqual([`open https://shop.example${INBOX_PATH}`]);
      // and a push never stores it
      expect(notificationFor(JSON.stringify({ ...payload, link })).options.data.link, JSON.stringify(link)).toBe(INBOX_PATH);
    }
  });

  it('an app path keeps its query and fragment', async () => {
    const { scope, calls } = workerScope();
    const { e, done } = event({ notification: { data: { link: '/orders/K-12?tab=items#top' }, close: () => {} } });
    handleNotificationClick(e, scope);
    await done();
    expect(calls).toEqual(['open https://shop.example/orders/K-12?tab=items#top']);
  });
});
