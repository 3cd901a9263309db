export * from './offline-banner';
