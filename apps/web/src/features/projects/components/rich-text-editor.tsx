/**
 * A small rich-text editor for the project description: bold, italic, heading, lists, quote and
 * links over a contentEditable area, producing the simple HTML the server's sanitizer keeps
 * (anything else is removed there). Pasting inserts plain text.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

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
const COMMANDS: { key: CommandKey; text: string }[] = [
  { key: 'bold', text: 'B' },
  { key: 'italic', text: 'I' },
  { key: 'heading', text: 'H' },
  { key: 'bullets', text: '•' },
  { key: 'numbers', text: '1.' },
  { key: 'quote', text: '❝' },
  { key: 'link', text: '🔗' },
  { key: 'clear', text: '⌫' },
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
            {/* a drawn glyph, not text: the button's name is its label alone */}
            <span aria-hidden="true" className="pj-rich__glyph" data-glyph={c.text} />
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
