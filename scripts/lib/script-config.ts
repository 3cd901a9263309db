import { type Config, ConfigError, loadConfig } from '../../server/config.ts';

/** The server's configuration for an operator command; a bad variable ends it with the server's own lines. */
export function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    for (const problem of err.problems) console.error(`Configuration error: ${problem}`);
    process.exit(1);
  }
}
