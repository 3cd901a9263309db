export * from './language-switch';
