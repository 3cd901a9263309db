/**
 * The activity log's kinds: each groups the actions whose name starts with one of its prefixes (an
 * action is `<area>.<what>`: `voucher.redeem`, `signin.failed`). The console's filter offers them by
 * their label; the provider filters with the same prefixes. Light, free of zod (the console's bundle),
 * like staff-checks.ts. Part of the contract (src/contract): free of React, of the browser and of Express.
 */
export const ACTIVITY_KINDS = {
  signin: { label: 'Sign-ins and passwords', prefixes: ['signin.', 'signout', 'sessions.', 'password.', 'owner.setup'] },
  team: { label: 'Staff and invitations', prefixes: ['staff.', 'invite.'] },
  counter: { label: 'Counter', prefixes: ['voucher.', 'counter.'] },
  orders: { label: 'Orders', prefixes: ['order.'] },
  customers: { label: 'Customers', prefixes: ['customer.'] },
  menu: { label: 'Menu', prefixes: ['menu.', 'product.'] },
  rewards: { label: 'Rewards', prefixes: ['reward.'] },
  wheel: { label: 'Wheel', prefixes: ['wheel.'] },
  brand: { label: 'Brand and images', prefixes: ['theme.', 'media.'] },
  settings: { label: 'Shop settings', prefixes: ['settings.'] },
  locations: { label: 'Locations and pauses', prefixes: ['location.'] },
  loyalty: { label: 'Earning rules', prefixes: ['loyalty.'] },
  offers: { label: 'Offers and promo codes', prefixes: ['offer.'] },
  exports: { label: 'Downloads', prefixes: ['export.'] },
  channels: { label: 'Payments and messages', prefixes: ['channels.'] },
  integrations: { label: 'API keys and their calls', prefixes: ['api_key.'] },
  webhooks: { label: 'Webhooks', prefixes: ['webhook.'] },
  feedback: { label: 'Feedback and replies', prefixes: ['feedback.'] },
} as const satisfies Record<string, { label: string; prefixes: readonly string[] }>;

export type ActivityKind = keyof typeof ACTIVITY_KINDS;
export const ACTIVITY_KIND_NAMES = Object.keys(ACTIVITY_KINDS) as ActivityKind[];

/** The person filter's value for the machine key's changes (a staff member is their id). */
export const MACHINE_PERSON = 'machine';
