/**
 * Keeps the writer's work on one analysis (decisions on its suggestions, the hand-edited text)
 * while they work: in this browser at once (localStorage, so a reload or a crash loses nothing)
 * and, for members, on the server shortly after the last change (PUT …/draft, debounced).
 * `unsaved` is true from a change until the server has it: the page asks before leaving then.
 */
import type { StudioDraftDecisions } from '@moim/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { readJson, removeLocal, writeJson } from '../../../shared/storage';
import { saveDraft } from '../api';

export interface DraftWork {
  decisions: StudioDraftDecisions;
  /** the hand-edited text, or null while the writer only decides on suggestions */
  text: string | null;
}

interface LocalDraft extends DraftWork {
  analysisId: string;
  savedAt: string;
}

const SAVE_DELAY_MS = 800;
const localKey = (analysisId: string) => `studio-draft:${analysisId}`;

export const readLocalDraft = (analysisId: string): LocalDraft | null => {
  const d = readJson<LocalDraft>(localKey(analysisId));
  return d && d.analysisId === analysisId && typeof d.decisions === 'object' ? d : null;
};
export const forgetLocalDraft = (analysisId: string) => removeLocal(localKey(analysisId));

export const isEmptyWork = (w: DraftWork) => w.text === null && Object.keys(w.decisions).length === 0;

export function useDraftSaver(analysisId: string, documentId: string | null) {
  const [unsaved, setUnsaved] = useState(false);
  const [failed, setFailed] = useState(false);
  const pending = useRef<DraftWork | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const generation = useRef(0);

  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const work = pending.current;
    if (!work || !documentId) return;
    const mine = ++generation.current;
    try {
      await saveDraft(documentId, { analysisId, text: work.text, decisions: work.decisions });
      if (mine === generation.current) {
        pending.current = null;
        setUnsaved(false);
        setFailed(false);
      }
    } catch {
      if (mine === generation.current) setFailed(true);
    }
  }, [analysisId, documentId]);

  const change = useCallback(
    (work: DraftWork) => {
      if (isEmptyWork(work)) forgetLocalDraft(analysisId);
      else writeJson(localKey(analysisId), { ...work, analysisId, savedAt: new Date().toISOString() } satisfies LocalDraft);
      if (!documentId) return; // guests: this browser only
      pending.current = work;
      setUnsaved(true);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), SAVE_DELAY_MS);
    },
    [analysisId, documentId, flush],
  );

  /** the work becomes a version now: nothing waiting is sent (it would bring the draft back) */
  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
    generation.current++;
    setUnsaved(false);
    setFailed(false);
  }, []);

  // Leaving the analysis inside the app: send what is waiting now rather than drop it.
  useEffect(
    () => () => {
      if (timer.current && pending.current) void flush();
    },
    [flush],
  );

  return { change, cancel, unsaved, failed, flush };
}
