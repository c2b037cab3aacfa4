/** What every arena show receives from the stage. */
import type { DartMode } from '@moim/games';

export interface ShowProps {
  seed: string;
  /** the pool's names (indexes are the draw's) */
  names: string[];
  /** this heat's picks, in order */
  heat: number[];
  mode: DartMode;
  reduced: boolean;
  sound: boolean;
  record: boolean;
  onDone: () => void;
  onRecorded?: (url: string) => void;
  onSkipReady: (skip: () => void) => void;
}
