export * from './field-message';
export * from './field-notes';
