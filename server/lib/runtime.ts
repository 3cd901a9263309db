/**
 * The Node line the server is built for and tested on (package.json `engines.node`, `^24.11.0`; a unit
 * test keeps the two equal). `npm start` checks it before building anything; this check is for the built
 * server started directly (`node dist-server/index.js`, as the Docker image does).
 */
export const NODE_MAJOR = 24;

/** One line saying what is wrong with running on `version`, or null. */
export function nodeVersionProblem(version: string = process.versions.node): string | null {
  const major = Number(version.split('.')[0]);
  return major === NODE_MAJOR
    ? null
    : `The server runs on Node ${NODE_MAJOR}; this is Node ${version}. Start it with npm start, or with a Node ${NODE_MAJOR} (node_modules/.bin/node).`;
}
