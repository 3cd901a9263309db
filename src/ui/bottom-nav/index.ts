export * from './bottom-nav';
