/**
 * A custom bot in QuickJS compiled to WebAssembly (quickjs-emscripten), on the server. The bot
 * gets a fresh runtime of its own: no network, no file system, no timers, no host objects
 * (plain QuickJS has none), a memory cap, a stack cap and an interrupt handler that stops it
 * at the move's deadline. The ladder runs this inside a worker thread, so even a bot that
 * defeats the interrupt handler is stopped by terminating the thread (ladder-runner.ts).
 */
import variant from '@jitl/quickjs-wasmfile-release-sync';
import {
  BOT_MEMORY_BYTES,
  BOT_MOVE_MS,
  BOT_PRELUDE,
  BOT_STACK_BYTES,
  botErrorOf,
  botMoveSource,
  type BotReply,
  type BotState,
} from '@moim/games';
import { newQuickJSWASMModuleFromVariant, shouldInterruptAfterDeadline, type QuickJSWASMModule } from 'quickjs-emscripten-core';

let modulePromise: Promise<QuickJSWASMModule> | null = null;
function quickjs(): Promise<QuickJSWASMModule> {
  modulePromise ??= newQuickJSWASMModuleFromVariant(variant);
  return modulePromise;
}

export interface BotSandbox {
  move(state: BotState, randomSeed: number): BotReply;
  dispose(): void;
}

function describe(err: unknown): string {
  if (err && typeof err === 'object' && 'message' in err) return String((err as { message: unknown }).message).slice(0, 300);
  return String(err).slice(0, 300);
}

/** Loads a bot's code (the load itself has the same time limit as a move). */
export async function createBotSandbox(code: string, moveMs = BOT_MOVE_MS): Promise<BotSandbox | { error: string; timeout: boolean }> {
  const QuickJS = await quickjs();
  const runtime = QuickJS.newRuntime();
  runtime.setMemoryLimit(BOT_MEMORY_BYTES);
  runtime.setMaxStackSize(BOT_STACK_BYTES);
  const vm = runtime.newContext();
  const dispose = () => {
    vm.dispose();
    runtime.dispose();
  };
  const run = (source: string): { ok: true; value: unknown } | { ok: false; error: string; timeout: boolean } => {
    const deadline = Date.now() + moveMs;
    runtime.setInterruptHandler(shouldInterruptAfterDeadline(deadline));
    const r = vm.evalCode(source, 'bot.js');
    runtime.removeInterruptHandler();
    if (r.error) {
      const e = vm.dump(r.error) as unknown;
      r.error.dispose();
      const message = describe(e);
      return { ok: false, error: message, timeout: Date.now() >= deadline || /interrupted/i.test(message) };
    }
    const value = vm.dump(r.value) as unknown;
    r.value.dispose();
    return { ok: true, value };
  };
  const loaded = run(`${BOT_PRELUDE}\n${code}\n;undefined`);
  if (!loaded.ok) {
    dispose();
    return { error: loaded.error, timeout: loaded.timeout };
  }
  return {
    move(state, randomSeed) {
      const text = vm.newString(JSON.stringify(state));
      vm.setProp(vm.global, '__moimState', text);
      text.dispose();
      const r = run(botMoveSource(randomSeed));
      if (!r.ok) return r.timeout ? { skip: 'BOT_TIMEOUT' } : { skip: 'BOT_ERROR', ...botErrorOf(r.error) };
      if (typeof r.value !== 'string') return { skip: 'BOT_INVALID', fault: { code: 'NO_ANSWER' } };
      try {
        return { guess: JSON.parse(r.value) as unknown };
      } catch {
        return { skip: 'BOT_INVALID', fault: { code: 'NO_ANSWER' } };
      }
    },
    dispose,
  };
}
