import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { findViolations } from './core-purity.ts';

const coreRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/core');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('the core is pure', () => {
  it('no file under src/core imports node:, packages or adapters, or reads the clock, randomness or the process', () => {
    const files = sourceFiles(coreRoot);
    assert.ok(files.length > 10, `expected the core's files under ${coreRoot}`);
    const violations = files.flatMap((file) => findViolations(file, readFileSync(file, 'utf8'), coreRoot));
    assert.deepEqual(
      violations.map((v) => `${path.relative(coreRoot, v.file)}:${v.line} ${v.what}`),
      [],
    );
  });

  it('the checker catches each kind of impurity', () => {
    const file = path.join(coreRoot, 'matching', 'bad.ts');
    const bad = [
      "import { readFileSync } from 'node:fs';",
      "import { x } from '../../adapters/storage/memory-journal.ts';",
      "import fastify from 'fastify';",
      'const a = Date.now();',
      'const b = new Date();',
      'const c = Math.random();',
      'const d = performance.now();',
      'const e = process.env.X;',
      'setTimeout(() => 0, 1);',
      'const f = crypto.randomUUID();',
      "const g = await import('./x.ts');",
    ].join('\n');
    const found = findViolations(file, bad, coreRoot).map((v) => v.line);
    assert.deepEqual(found, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('does not flag property names, types or comments that merely look alike', () => {
    const file = path.join(coreRoot, 'ok.ts');
    const fine = [
      "import { apply } from './apply.ts';",
      '// Date.now() is forbidden here',
      'const s = "Math.random()";',
      'interface T { process: number; Date: string }',
      'const o = { performance: 1 }; const p = o.performance;',
    ].join('\n');
    assert.deepEqual(findViolations(file, fine, coreRoot), []);
  });
});
