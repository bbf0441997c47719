/**
 * Reading one TOML file into a plain table. Keeps I/O and syntax errors apart from
 * validation, so the validators only ever see parsed data.
 */
import { readFileSync } from 'node:fs';
import { parse, TomlError } from 'smol-toml';
import type { ConfigIssue } from './config-error.ts';

export type TomlTable = Record<string, unknown>;

export type TomlReadResult =
  | { readonly status: 'missing' }
  | { readonly status: 'parsed'; readonly table: TomlTable }
  | { readonly status: 'failed'; readonly issue: ConfigIssue };

export function readTomlFile(path: string): TomlReadResult {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    const code = errorCode(err);
    if (code === 'ENOENT') return { status: 'missing' };
    const problem = code === 'EISDIR' ? 'is a directory, expected a TOML file' : `cannot be read (${code ?? String(err)})`;
    return { status: 'failed', issue: { source: path, where: 'file', problem } };
  }
  return parseToml(text, path);
}

export function parseToml(text: string, source: string): TomlReadResult {
  try {
    // Unsafe keys (`__proto__`) are refused: a config file has no business setting them.
    const table = parse(text, { unsafeKeyBehaviour: 'throw' });
    return { status: 'parsed', table };
  } catch (err) {
    if (!(err instanceof TomlError)) throw err;
    return {
      status: 'failed',
      issue: { source, where: `line ${err.line}, column ${err.column}`, problem: `TOML syntax error: ${syntaxMessage(err, text)}` },
    };
  }
}

/**
 * smol-toml's message carries a multi-line code block; keep its first line and quote
 * the offending source line instead, so the error stays one line per problem.
 */
function syntaxMessage(err: TomlError, text: string): string {
  const first = (err.message.split('\n')[0] ?? '').replace(/^Invalid TOML document:\s*/, '');
  const line = (text.split(/\r?\n/)[err.line - 1] ?? '').trim();
  return line ? `${first} (in: ${line})` : first;
}

function errorCode(err: unknown): string | undefined {
  if (err !== null && typeof err === 'object' && 'code' in err && typeof err.code === 'string') return err.code;
  return undefined;
}
