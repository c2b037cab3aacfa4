// write-good ships no types; the shape of what it returns (README).
declare module 'write-good' {
  interface Suggestion {
    index: number;
    offset: number;
    reason: string;
  }
  type Checks = Partial<
    Record<'passive' | 'illusion' | 'so' | 'thereIs' | 'weasel' | 'adverb' | 'tooWordy' | 'cliches' | 'eprime', boolean>
  >;
  export default function writeGood(text: string, checks?: Checks): Suggestion[];
}
