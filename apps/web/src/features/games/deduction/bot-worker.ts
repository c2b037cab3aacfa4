/**
 * The Web Worker that runs a custom bot: QuickJS compiled to WebAssembly, a fresh runtime per
 * loaded bot with a memory cap, a stack cap and an interrupt at the move's deadline. The bot's
 * code runs inside QuickJS, which has no network, storage, timers or DOM; this worker only
 * passes JSON in and out. The page terminates the whole worker if an answer is late.
 */
/// <reference lib="webworker" />
import variant from '@jitl/quickjs-singlefile-browser-release-sync';
import { BOT_MEMORY_BYTES, BOT_STACK_BYTES, botErrorFrom, botErrorOf, botLoadSource, botMoveSource, type BotError } from '@moim/games';
import {
  newQuickJSWASMModuleFromVariant,
  shouldInterruptAfterDeadline,
  type QuickJSContext,
  type QuickJSRuntime,
  type QuickJSWASMModule,
} from 'quickjs-emscripten-core';

type Request =
  { id: number; type: 'load'; code: string; moveMs: number } | { id: number; type: 'move'; state: unknown; seed: number; moveMs: number };

let quickjs: Promise<QuickJSWASMModule> | null = null;
let runtime: QuickJSRuntime | null = null;
let vm: QuickJSContext | null = null;
/** lines of the loaded bot's code, to place its errors */
let codeLines = 0;

function reset() {
  vm?.dispose();
  runtime?.dispose();
  vm = null;
  runtime = null;
}

function run(
  source: string,
  moveMs: number,
): { ok: true; value: unknown } | { ok: false; error: string; detail: BotError; timeout: boolean } {
  const deadline = Date.now() + moveMs;
  runtime!.setInterruptHandler(shouldInterruptAfterDeadline(deadline));
  const r = vm!.evalCode(source, 'bot.js');
  runtime!.removeInterruptHandler();
  if (r.error) {
    const e = vm!.dump(r.error) as unknown;
    r.error.dispose();
    const detail = botErrorFrom(e, codeLines);
    return { ok: false, error: detail.message, detail, timeout: Date.now() >= deadline || /interrupted/i.test(detail.message) };
  }
  const value = vm!.dump(r.value) as unknown;
  r.value.dispose();
  return { ok: true, value };
}

self.onmessage = async (event: MessageEvent<Request>) => {
  const m = event.data;
  quickjs ??= newQuickJSWASMModuleFromVariant(variant);
  const QuickJS = await quickjs;
  if (m.type === 'load') {
    reset();
    runtime = QuickJS.newRuntime();
    runtime.setMemoryLimit(BOT_MEMORY_BYTES);
    runtime.setMaxStackSize(BOT_STACK_BYTES);
    vm = runtime.newContext();
    codeLines = m.code.split('\n').length;
    const r = run(botLoadSource(m.code), m.moveMs);
    if (!r.ok) reset();
    self.postMessage({ id: m.id, ok: r.ok, ...(r.ok ? {} : { error: r.error, detail: r.detail, timeout: r.timeout }) });
    return;
  }
  if (!vm) {
    self.postMessage({ id: m.id, reply: { skip: 'BOT_ERROR', fault: { code: 'NOT_LOADED' } } });
    return;
  }
  const text = vm.newString(JSON.stringify(m.state));
  vm.setProp(vm.global, '__moimState', text);
  text.dispose();
  const r = run(botMoveSource(m.seed), m.moveMs);
  if (!r.ok) {
    const own = botErrorOf(r.error);
    self.postMessage({
      id: m.id,
      reply: r.timeout ? { skip: 'BOT_TIMEOUT' } : { skip: 'BOT_ERROR', ...own, ...('message' in own ? { error: r.detail } : {}) },
    });
    return;
  }
  const guess = ((): unknown => {
    try {
      return typeof r.value === 'string' ? (JSON.parse(r.value) as unknown) : null;
    } catch {
      return null;
    }
  })();
  self.postMessage({ id: m.id, reply: guess === null ? { skip: 'BOT_INVALID', fault: { code: 'NO_ANSWER' } } : { guess } });
};
