import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { nodeTooOld, OLDEST_NODE } from '../../src/app/node-version.ts';
import { PROJECT_ROOT } from '../support/server-process.ts';

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
});
