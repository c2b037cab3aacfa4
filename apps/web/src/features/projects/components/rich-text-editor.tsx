/**
 * A small rich-text editor for the project description: bold, italic, heading, lists, quote and
 * links over a contentEditable area, producing the simple HTML the server's sanitizer keeps
 * (anything else is removed there). Pasting inserts plain text.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { LineSvg } from '../../../shared/ui/line-svg';
import './form.css';

interface Props {
  id: string;
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
}

type CommandKey = 'bold' | 'italic' | 'heading' | 'bullets' | 'numbers' | 'quote' | 'link' | 'clear';
/** Letters are drawn from the text font; the rest are line icons (no emoji or symbol font needed). */
const COMMANDS: { key: CommandKey; glyph: string | ReactNode }[] = [
  { key: 'bold', glyph: 'B' },
  { key: 'italic', glyph: 'I' },
  { key: 'heading', glyph: 'H' },
  {
    key: 'bullets',
    glyph: (
      <LineSvg>
        <path d="M9 6h11M9 12h11M9 18h11M4 6h.01M4 12h.01M4 18h.01" strokeWidth="2.6" />
      </LineSvg>
    ),
  },
  { key: 'numbers', glyph: '1.' },
  {
    key: 'quote',
    glyph: (
      <LineSvg>
        <path d="M4 11h5v6H4v-6Zm0 0c0-3 1-5 4-6M13 11h5v6h-5v-6Zm0 0c0-3 1-5 4-6" />
      </LineSvg>
    ),
  },
  {
    key: 'link',
    glyph: (
      <LineSvg>
        <path d="M10 14a4 4 0 0 0 5.7 0l3.1-3.1a4 4 0 0 0-5.7-5.7L12 6.3M14 10a4 4 0 0 0-5.7 0l-3.1 3.1a4 4 0 0 0 5.7 5.7l1.1-1.1" />
      </LineSvg>
    ),
  },
  {
    key: 'clear',
    glyph: (
      <LineSvg>
        <path d="M4 5h12M10 5v14M15 14l5 5M20 14l-5 5" />
      </LineSvg>
    ),
  },
];

export function RichTextEditor({ id, value, onChange, onBlur, labelledBy, describedBy, invalid }: Props) {
  const { t } = useTranslation('projects');
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // keep the DOM as the source while typing; take the value only when it changed from outside (load, reset)
    if (ref.current && ref.current.innerHTML !== value) ref.current.innerHTML = value;
  }, [value]);

  const emit = () => onChange(ref.current?.innerHTML === '<br>' ? '' : (ref.current?.innerHTML ?? ''));
  const exec = (command: string, arg?: string) => {
    ref.current?.focus();
    document.execCommand(command, false, arg);
    emit();
  };
  const run = (key: CommandKey) => {
    switch (key) {
      case 'bold':
        return exec('bold');
      case 'italic':
        return exec('italic');
      case 'heading':
        return exec('formatBlock', 'h3');
      case 'bullets':
        return exec('insertUnorderedList');
      case 'numbers':
        return exec('insertOrderedList');
      case 'quote':
        return exec('formatBlock', 'blockquote');
      case 'link': {
        const url = window.prompt(t('rich.linkPrompt'), 'https://');
        if (url && /^(https?:\/\/|mailto:)/i.test(url.trim())) exec('createLink', url.trim());
        return;
      }
      case 'clear':
        exec('removeFormat');
        return exec('formatBlock', 'p');
    }
  };

  return (
    <div className={`pj-rich${invalid ? ' is-invalid' : ''}`}>
      <div className="pj-rich__toolbar" role="toolbar" aria-label={t('rich.toolbar')} aria-controls={id}>
        {COMMANDS.map((c) => (
          <button
            key={c.key}
            type="button"
            className={`pj-rich__btn pj-rich__btn--${c.key}`}
            title={t(`rich.${c.key}`)}
            aria-label={t(`rich.${c.key}`)}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => run(c.key)}
          >
            {/* the button's name is its label alone */}
            {typeof c.glyph === 'string' ? <span aria-hidden="true" className="pj-rich__glyph" data-glyph={c.glyph} /> : c.glyph}
          </button>
        ))}
      </div>
      <div
        id={id}
        ref={ref}
        className="pj-rich__area prose"
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        aria-invalid={invalid ? true : undefined}
        contentEditable
        suppressContentEditableWarning
        tabIndex={0}
        onInput={emit}
        onBlur={() => {
          emit();
          onBlur?.();
        }}
        onPaste={(e) => {
          e.preventDefault();
          document.execCommand('insertText', false, e.clipboardData.getData('text/plain'));
          emit();
        }}
      />
    </div>
  );
}
