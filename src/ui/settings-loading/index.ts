export * from './settings-loading';
