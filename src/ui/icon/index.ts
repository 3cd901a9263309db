export * from './base-icons';
export * from './icon';
