import { describe, expect, it } from 'vitest';
import { BOT_PRELUDE_LINES, botErrorFrom, botLoadSource } from './bot-protocol.ts';

// What QuickJS (quickjs-emscripten 0.32) dumps for errors thrown while loading or running `botLoadSource(code)`.
const at = (line: number) => BOT_PRELUDE_LINES + line;

describe('botErrorFrom', () => {
  it('puts the bot’s code on its own line after the prelude', () => {
    const code = 'function move(s) {\n  return [0, 1, 2];\n}';
    const lines = botLoadSource(code).split('\n');
    expect(lines[at(1) - 1]).toBe('function move(s) {');
  });

  it('reports a syntax error at the line of the bot’s code', () => {
    const e = botErrorFrom(
      {
        name: 'SyntaxError',
        message: "unexpected token in expression: '}'",
        stack: `    at bot.js:${at(4)}:1\n`,
        fileName: 'bot.js',
        lineNumber: at(4),
      },
      5,
    );
    expect(e).toEqual({ kind: 'SyntaxError', message: "unexpected token in expression: '}'", line: 4 });
  });

  it('reports a runtime error at the innermost frame inside the bot’s code', () => {
    const e = botErrorFrom(
      { name: 'ReferenceError', message: "'foo' is not defined", stack: `    at move (bot.js:${at(3)}:10)\n    at <eval> (bot.js:2:5)\n` },
      10,
    );
    expect(e).toEqual({ kind: 'ReferenceError', message: "'foo' is not defined", line: 3 });
  });

  it('has no line when the error names none in the bot’s code, and a plain kind for thrown values', () => {
    expect(botErrorFrom({ name: 'Error', message: 'x', stack: '    at <eval> (bot.js:2:5)\n' }, 10).line).toBeNull();
    expect(botErrorFrom('a string', 3)).toEqual({ kind: 'Error', message: 'a string', line: null });
    expect(botErrorFrom({ name: 'MyError', message: 'mine', stack: `    at move (bot.js:${at(1)}:1)\n` }, 3)).toEqual({
      kind: 'Error',
      message: 'mine',
      line: 1,
    });
  });
});
