export * from './loading-screen';
