/** A PO catalogue, compiled by Lingui's Vite plugin when imported (vite.config.ts). */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
