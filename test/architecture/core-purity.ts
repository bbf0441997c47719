import path from 'node:path';
import ts from 'typescript';

/**
 * Finds what would make the core impure: imports from outside src/core (node: modules,
 * packages, adapters, app), and uses of the clock, randomness, timers, the process or
 * the network. Parsed with the TypeScript compiler, so comments and strings never count.
 */
const FORBIDDEN_GLOBALS = new Set([
  'Date',
  'performance',
  'process',
  'setTimeout',
  'setInterval',
  'setImmediate',
  'queueMicrotask',
  'crypto',
  'fetch',
  'require',
  'globalThis',
  'Buffer',
  'WeakRef',
  'FinalizationRegistry',
]);

export interface Violation {
  readonly file: string;
  readonly line: number;
  readonly what: string;
}

export function findViolations(file: string, source: string, coreRoot: string): Violation[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.ES2022, true);
  const out: Violation[] = [];
  const report = (node: ts.Node, what: string): void => {
    const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart());
    out.push({ file, line: line + 1, what });
  };
  const checkSpecifier = (node: ts.Node, specifier: string): void => {
    if (!specifier.startsWith('.')) {
      report(node, `imports '${specifier}' (the core may import only its own files)`);
      return;
    }
    const target = path.resolve(path.dirname(file), specifier);
    if (!target.startsWith(coreRoot + path.sep)) report(node, `imports '${specifier}' from outside src/core`);
  };
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) checkSpecifier(node, node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      report(node, 'dynamic import');
    } else if (ts.isPropertyAccessExpression(node) && node.getText() === 'Math.random') {
      report(node, 'reads randomness (Math.random)');
    } else if (ts.isIdentifier(node) && FORBIDDEN_GLOBALS.has(node.text) && isGlobalReference(node)) {
      report(node, `uses ${node.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return out;
}

/** An identifier used as a value, not a property name, declaration name or type. */
function isGlobalReference(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) return false;
  if (ts.isPropertyAssignment(parent) && parent.name === node) return false;
  if ((ts.isPropertyDeclaration(parent) || ts.isMethodDeclaration(parent)) && parent.name === node) return false;
  if (ts.isPropertySignature(parent) || ts.isTypeReferenceNode(parent)) return false;
  if (ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent)) return false;
  return true;
}
