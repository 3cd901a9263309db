export * from './scroll-region';
