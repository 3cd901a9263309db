export * from './address-lines';
