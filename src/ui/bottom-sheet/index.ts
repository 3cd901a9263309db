export * from './bottom-sheet';
