export * from './qr-code';
