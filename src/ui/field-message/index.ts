export * from './field-message';
