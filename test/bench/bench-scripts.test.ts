import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { PROJECT_ROOT, startScriptNodeFlags } from '../support/server-process.ts';

describe('benchmark scripts', () => {
  it('bench:journal runs with the start script\'s node flags: it measures the exchange\'s own restart', () => {
    const scripts = (JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    const flags = startScriptNodeFlags();
    assert.ok(flags.length > 0, 'the start script gives node flags');
    for (const flag of flags) assert.match(scripts['bench:journal']!, new RegExp(`^node (\\S+ )*${flag}( |$)`), flag);
  });
});
