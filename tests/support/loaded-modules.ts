/**
 * A preload (`node --import ./tests/support/loaded-modules.ts …`) that writes every module the process
 * loaded, one URL a line, to the file LOADED_MODULES names when it exits: a test can then say what a
 * command loads (and so how much work its start is) without timing it on a machine whose load it does
 * not know.
 */
import { writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const loaded = new Set<string>();
registerHooks({
  load(url, context, next) {
    loaded.add(url);
    return next(url, context);
  },
});
process.on('exit', () => {
  if (process.env.LOADED_MODULES) writeFileSync(process.env.LOADED_MODULES, [...loaded].join('\n'));
});
