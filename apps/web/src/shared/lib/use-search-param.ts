/**
 * A search box whose text belongs to the person typing; the URL (and the query made from it)
 * follows the box, never the other way round.
 *
 * - The box keeps its own text: the input is uncontrolled, React writes into it only to show an
 *   adopted navigation. Typing commits the text (trimmed) `debounceMs` after the last key (null:
 *   only when the form is submitted, `submit()`); submitting commits at once.
 * - Our own write comes back as a new URL value a moment later (React Router renders a
 *   navigation as a transition; a slow list makes it later still). That echo is never written
 *   into the box: the person has typed on meanwhile ("kotlin" came back as "ktin"), and a
 *   trimmed echo would eat the space they just typed. Only a URL value this box did not write
 *   is adopted: back/forward, a link, a "clear filters" button. Adopting it drops a commit that
 *   was still waiting.
 * - Korean (and any IME) composition is left alone: between compositionstart and compositionend
 *   nothing is committed and nothing is written into the box; compositionend commits, debounced.
 */
import { useEffect, useLayoutEffect, useRef, useState, type ChangeEvent, type CompositionEvent, type RefObject } from 'react';

export const SEARCH_DEBOUNCE_MS = 300;

/** Own writes whose echo has not come back, kept at most (an echo merged into a later one never comes). */
const MAX_PENDING = 20;

export interface SearchParamInput {
  /** the text in the box */
  value: string;
  /** spread on the <input> (uncontrolled: React never writes into the box while it is typed in) */
  inputProps: {
    ref: RefObject<HTMLInputElement | null>;
    defaultValue: string;
    onChange: (e: ChangeEvent<HTMLInputElement>) => void;
    onCompositionStart: () => void;
    onCompositionEnd: (e: CompositionEvent<HTMLInputElement>) => void;
  };
  /** commits the text now (the form's submit), even when the URL already has it */
  submit: () => void;
}

export function useSearchParam(
  urlValue: string,
  commit: (value: string) => void,
  { debounceMs = SEARCH_DEBOUNCE_MS }: { debounceMs?: number | null } = {},
): SearchParamInput {
  const [text, setText] = useState(urlValue);
  const [composing, setComposing] = useState(false);
  // the URL value last seen, our writes still to come back, and the navigations adopted
  const [seen, setSeen] = useState(urlValue);
  const [pending, setPending] = useState<readonly string[]>([]);
  const [adopted, setAdopted] = useState({ value: urlValue });
  if (seen !== urlValue) {
    setSeen(urlValue);
    const own = pending.indexOf(urlValue);
    if (own >= 0) {
      // the echo of our own write (or of a later one, the earlier merged into it): the box already has it
      setPending(pending.slice(own + 1));
    } else if (!composing) {
      // a navigation: back/forward, a link, a reset
      setPending([]);
      setText(urlValue);
      setAdopted({ value: urlValue });
    }
  }

  const input = useRef<HTMLInputElement>(null);
  const [initial] = useState(urlValue);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const textRef = useRef(text);
  const latest = useRef({ urlValue, pending, commit });
  useLayoutEffect(() => {
    latest.current = { urlValue, pending, commit };
    textRef.current = text;
  });
  // an adopted navigation shows its value and cancels the commit that was waiting (unmounting cancels it too)
  useLayoutEffect(() => {
    if (input.current && input.current.value !== adopted.value) input.current.value = adopted.value;
  }, [adopted]);
  useEffect(() => () => clearTimeout(timer.current), [adopted]);

  const send = (raw: string, force: boolean) => {
    clearTimeout(timer.current);
    const value = raw.trim();
    const { urlValue: url, pending: own, commit: write } = latest.current;
    const intended = own.length > 0 ? own[own.length - 1] : url;
    if (value !== intended) setPending((p) => [...p, value].slice(-MAX_PENDING));
    else if (!force) return;
    write(value);
  };
  const schedule = (raw: string) => {
    clearTimeout(timer.current);
    if (debounceMs !== null) timer.current = setTimeout(() => send(raw, false), debounceMs);
  };

  return {
    value: text,
    inputProps: {
      ref: input,
      defaultValue: initial,
      onChange: (e) => {
        const v = e.target.value;
        textRef.current = v;
        setText(v);
        if (!composing && !(e.nativeEvent as InputEvent).isComposing) schedule(v);
      },
      onCompositionStart: () => {
        setComposing(true);
        clearTimeout(timer.current);
      },
      onCompositionEnd: (e) => {
        const v = e.currentTarget.value;
        textRef.current = v;
        setComposing(false);
        setText(v);
        schedule(v);
      },
    },
    submit: () => send(textRef.current, true),
  };
}
