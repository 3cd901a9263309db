import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A package loaded on first use rather than when the server starts: twilio, stripe, nodemailer,
 * web-push, passkit-generator and sharp are each 10 to 25 MB of the process's memory once loaded, and
 * most servers use none or few of them (an SMS, a card payment, an e-mail, a push or a wallet pass is
 * configured or not; docs/performance.md "Start-up and memory at rest"). Each is CommonJS, so it loads synchronously where it is
 * first needed. `name` must be a package the server depends on (package.json), never input.
 */
export function lazyPackage<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
