/**
 * The exchange needs Node.js 20.19 or newer: some of its libraries (the static file
 * server's content-disposition, the test injector's cookie) are ES modules loaded with
 * require(), which Node 20 does only from 20.19 on. An older Node would fail deep in a
 * library with ERR_REQUIRE_ESM; this says so first. main.ts imports it before anything else.
 */
export const OLDEST_NODE = '20.19.0';

/** Whether a Node.js version (process.versions.node) is older than OLDEST_NODE. */
export function nodeTooOld(version: string): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  const [oldestMajor = 0, oldestMinor = 0] = OLDEST_NODE.split('.').map(Number);
  return major < oldestMajor || (major === oldestMajor && minor < oldestMinor);
}

if (nodeTooOld(process.versions.node)) {
  console.error(`Basis needs Node.js ${OLDEST_NODE} or newer; this is ${process.version}.`);
  process.exit(1);
}
