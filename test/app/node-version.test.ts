import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { nodeTooOld, OLDEST_NODE } from '../../src/app/node-version.ts';
import { PROJECT_ROOT, serverArgs } from '../support/server-process.ts';

describe('the Node.js version the exchange needs', () => {
  it('refuses 20.18 and older, takes 20.19 and newer', () => {
    for (const version of ['18.20.4', '20.0.0', '20.18.3']) assert.equal(nodeTooOld(version), true, version);
    for (const version of ['20.19.0', '20.20.2', '22.1.0', '24.0.0']) assert.equal(nodeTooOld(version), false, version);
  });

  it('is what package.json and the README say', () => {
    const pkg = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
    assert.equal(pkg.engines.node, `>=${OLDEST_NODE}`);
    assert.match(readFileSync(path.join(PROJECT_ROOT, 'README.md'), 'utf8'), new RegExp(`Node\\.js ${OLDEST_NODE.replace(/\.0$/, '').replace('.', '\\.')} or newer`));
  });

  it('is checked by the built server before the exchange or any library loads', () => {
    // A Node.js that reports 20.18 (process.versions set before the entry runs), and at
    // exit the count of library modules loaded (CommonJS ones, as fastify's are, land in
    // require.cache). Run on the bundle itself, the check comes after 300-odd of them.
    const olderNode =
      'data:text/javascript,import { createRequire } from "node:module";' +
      'const loaded = createRequire(process.cwd() + "/").cache;' +
      'Object.defineProperty(process.versions, "node", { value: "20.18.0" });' +
      'process.on("exit", () => process.stderr.write(`libraries loaded: ${Object.keys(loaded).filter((file) => file.includes("node_modules")).length}\\n`));';
    const run = spawnSync(process.execPath, serverArgs(['--import', olderNode]), { cwd: PROJECT_ROOT, encoding: 'utf8', timeout: 30_000 });
    assert.equal(run.status, 1, run.stderr);
    assert.match(run.stderr, new RegExp(`^Basis needs Node\\.js ${OLDEST_NODE.replace(/\./g, '\\.')} or newer`));
    assert.match(run.stderr, /libraries loaded: 0\n/);
    // The exchange prints its configuration first thing: nothing of it ran.
    assert.equal(run.stdout, '');
  });
});
