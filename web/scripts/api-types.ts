/**
 * The web client's API types, generated from the OpenAPI document the HTTP server builds
 * (the same document it serves at /openapi.json). `npm run api-types` rewrites
 * web/src/api/schema.d.ts; test/web/api-types.test.ts fails when the committed file
 * differs from what the current server produces, so the client never drifts from the API.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { systemClock } from '../../src/app/clock.ts';
import { Service } from '../../src/app/service.ts';
import { loadConfig } from '../../src/config/index.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const API_TYPES_FILE = path.join(ROOT, 'web/src/api/schema.d.ts');

const HEADER = '/* Generated from the server\'s OpenAPI document by `npm run api-types`: do not edit. */\n';

/** Builds the server in-process on a throw-away data folder and returns its OpenAPI document. */
export async function serverOpenApiDocument(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'basis-openapi-'));
  try {
    const config = loadConfig({ DATA_DIR: dataDir, ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'openapi-generator' }, ROOT);
    const service = await Service.start(config, systemClock, () => undefined, { listen: false, websocket: false, httpLogger: false });
    try {
      return service.http.swagger() as unknown as Record<string, unknown>;
    } finally {
      await service.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The TypeScript declarations for the current server's API. */
export async function generateApiTypes(): Promise<string> {
  const ast = await openapiTS(await serverOpenApiDocument() as never);
  return HEADER + astToString(ast);
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(API_TYPES_FILE, await generateApiTypes());
  console.log(`wrote ${path.relative(ROOT, API_TYPES_FILE)}`);
}
