export * from './app-toast-container';
