/**
 * The bot editor's code box: a plain textarea in a monospace font beside a gutter of line
 * numbers (kept in step with the box's scrolling), the line of the last error marked. Tab puts
 * two spaces in; Escape lets the focus go, so the next Tab leaves the box (keyboard users are
 * never trapped). Light on purpose: the page's chunk stays far below its budget.
 */
import { forwardRef, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import './code-editor.css';

export interface CodeEditorHandle {
  /** Puts the caret at the start of a 1-based line and scrolls it into the box. */
  goToLine(line: number): void;
}

interface Props {
  value: string;
  onChange: (code: string) => void;
  maxLength: number;
  /** the line of the last error, marked in the gutter */
  errorLine: number | null;
  labelledBy: string;
  describedBy?: string;
}

const LINE_HEIGHT_EM = 1.5;

export const CodeEditor = forwardRef<CodeEditorHandle, Props>(function CodeEditor(
  { value, onChange, maxLength, errorLine, labelledBy, describedBy },
  ref,
) {
  const { t } = useTranslation('deduction');
  const area = useRef<HTMLTextAreaElement>(null);
  const gutter = useRef<HTMLDivElement>(null);
  const [leaving, setLeaving] = useState(false);
  const lines = value.split('\n').length;

  useImperativeHandle(ref, () => ({
    goToLine(line: number) {
      const el = area.current;
      if (!el) return;
      const at = value
        .split('\n')
        .slice(0, Math.max(0, line - 1))
        .reduce((n, l) => n + l.length + 1, 0);
      el.focus();
      el.setSelectionRange(at, at);
      const lineHeight = parseFloat(getComputedStyle(el).lineHeight) || 20;
      el.scrollTop = Math.max(0, (line - 3) * lineHeight);
    },
  }));

  return (
    <div className="ded-code-editor">
      <div className="ded-code-editor__gutter" ref={gutter} aria-hidden="true" title={t('bots.lineNumbers')}>
        {Array.from({ length: lines }, (_, i) => (
          <span key={i} className={i + 1 === errorLine ? 'is-error' : undefined}>
            {i + 1}
          </span>
        ))}
      </div>
      <textarea
        ref={area}
        className="ded-code"
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        wrap="off"
        value={value}
        maxLength={maxLength}
        rows={18}
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        style={{ lineHeight: LINE_HEIGHT_EM }}
        onChange={(e) => onChange(e.target.value)}
        onScroll={(e) => {
          if (gutter.current) gutter.current.scrollTop = e.currentTarget.scrollTop;
        }}
        onBlur={() => setLeaving(false)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            setLeaving(true);
            return;
          }
          if (e.key !== 'Tab' && leaving) setLeaving(false);
          if (e.key === 'Tab' && !e.shiftKey && !e.altKey && !e.ctrlKey && !e.metaKey && !leaving) {
            e.preventDefault();
            const el = e.currentTarget;
            const { selectionStart: a, selectionEnd: b } = el;
            onChange(`${value.slice(0, a)}  ${value.slice(b)}`);
            requestAnimationFrame(() => el.setSelectionRange(a + 2, a + 2));
          }
        }}
        data-testid="bot-code"
      />
    </div>
  );
});
