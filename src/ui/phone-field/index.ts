export * from './phone-field';
export * from './countries';
