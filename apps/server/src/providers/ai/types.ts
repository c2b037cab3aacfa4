/** The writing-analysis provider interface: the built-in local analyzer or a model adapter. */
import type { StudioPurpose, StudioResult, StudioTone } from '@moim/contract';

export interface AnalyzerInput {
  /** markdown */
  text: string;
  /** '' when the writer gave none (the first heading is used) */
  title: string;
  purpose: StudioPurpose;
  audience: string;
  tone: StudioTone;
  /** language of comments and messages */
  locale: 'ko' | 'en';
}

export interface WritingAnalyzer {
  /** 'local' or 'openai' (the configured provider, whatever answered a given call) */
  readonly name: 'local' | 'openai';
  analyze(input: AnalyzerInput, signal?: AbortSignal): Promise<StudioResult>;
}
