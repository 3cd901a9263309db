export * from './section-heading';
