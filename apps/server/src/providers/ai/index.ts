/**
 * Writing analysis behind one interface (docs/studio.md): the built-in local analyzer (default,
 * offline) or the OpenAI-compatible adapter (AI_PROVIDER=openai with AI_BASE_URL, AI_MODEL,
 * AI_API_KEY), which falls back to the local analysis when the model's reply is unusable.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { analyzeLocally } from './local/analyzer.ts';
import { OpenAIWritingAnalyzer } from './openai-adapter.ts';
import type { WritingAnalyzer } from './types.ts';

export type { AnalyzerInput, WritingAnalyzer } from './types.ts';
export { analyzeLocally } from './local/analyzer.ts';
export { OpenAIWritingAnalyzer } from './openai-adapter.ts';

export const localAnalyzer: WritingAnalyzer = {
  name: 'local',
  analyze: async (input) => analyzeLocally(input),
};

export function createWritingAnalyzer(
  config: Pick<Config, 'AI_PROVIDER' | 'AI_BASE_URL' | 'AI_MODEL' | 'AI_API_KEY' | 'AI_TIMEOUT_MS'>,
  log: FastifyBaseLogger,
): WritingAnalyzer {
  if (config.AI_PROVIDER !== 'openai') return localAnalyzer;
  return new OpenAIWritingAnalyzer({
    baseURL: config.AI_BASE_URL,
    apiKey: config.AI_API_KEY ?? '',
    model: config.AI_MODEL,
    timeoutMs: config.AI_TIMEOUT_MS,
    log,
  });
}
