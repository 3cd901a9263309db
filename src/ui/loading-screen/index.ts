export * from './loading-screen';
export * from './page-load-error';
