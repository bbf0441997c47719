/**
 * Entry of the built server: `npm start` runs dist/server/start.js (scripts/build-server.ts).
 * It checks the Node.js version, then loads the bundle of main.ts beside it. The check
 * cannot sit inside the bundle: a bundle's imports of libraries are all loaded before its
 * first line runs, and on an old Node one of them fails first (node-version.ts).
 */
import './node-version.ts';

// Stack traces name the TypeScript sources (the bundle carries a source map), as under tsx.
process.setSourceMapsEnabled(true);
await import(new URL('./main.js', import.meta.url).href);
