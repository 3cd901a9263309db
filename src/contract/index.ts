/**
 * The contract: what the customer app, the merchant console and the provider agree on. Free of React,
 * of the browser and of Express; the server may import nothing else from src/ (lint enforces it).
 * Import it as `#contract` (or one part, `#contract/routes`), a package.json `imports` alias.
 */
export * from './envelope';
export * from './fields';
export * from './checks';
export * from './settings';
export * from './auth';
export * from './customers';
export * from './birthday';
export * from './points';
export * from './shop';
export * from './options';
export * from './rewards';
export * from './wallet';
export * from './addresses';
export * from './orders';
export * from './notifications';
export * from './wheel';
export * from './limits';
export * from './money';
export * from './routes';
