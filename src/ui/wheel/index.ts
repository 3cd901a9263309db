export * from './wheel';
export * from './geometry';
