export * from './money';
export * from '#contract/money';
