/** Types for build-server.mjs (plain Node ESM, used by `npm start`, the bench and the built-server test). */
export declare const defaultOutDir: () => string;
export declare function serverBuildState(outDir?: string): { fresh: true } | { fresh: false; reason: string };
/** Builds the server into outDir; resolves with the bundled source files (relative to the root). */
export declare function buildServer(options?: { outDir?: string; logLevel?: 'info' | 'warn' | 'error' | 'silent' }): Promise<string[]>;
