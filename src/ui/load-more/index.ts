export * from './load-more';
