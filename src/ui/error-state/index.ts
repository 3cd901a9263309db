export * from './error-state';
