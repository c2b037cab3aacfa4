/** WAI-ARIA tabs: one tab stop, arrows/Home/End move and select; the selection lives with the caller (URL). */
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { TabBar } from '../../../shared/ui/tab-bar';

export function Tabs<T extends string>({
  tabs,
  value,
  onChange,
  label,
  idBase,
  children,
}: {
  tabs: Array<{ id: T; label: ReactNode }>;
  value: T;
  onChange: (id: T) => void;
  label: string;
  idBase: string;
  children: ReactNode;
}) {
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const onKey = (e: KeyboardEvent) => {
    const i = tabs.findIndex((t) => t.id === value);
    const next =
      e.key === 'ArrowRight'
        ? (i + 1) % tabs.length
        : e.key === 'ArrowLeft'
          ? (i - 1 + tabs.length) % tabs.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? tabs.length - 1
              : -1;
    if (next < 0) return;
    e.preventDefault();
    const id = tabs[next]!.id;
    onChange(id);
    refs.current.get(id)?.focus();
  };
  return (
    <>
      <TabBar role="tablist" aria-label={label} className="st-tabs" onKeyDown={onKey}>
        {tabs.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              if (el) refs.current.set(t.id, el);
            }}
            type="button"
            role="tab"
            id={`${idBase}-tab-${t.id}`}
            aria-selected={t.id === value}
            aria-controls={`${idBase}-panel`}
            tabIndex={t.id === value ? 0 : -1}
            onClick={() => onChange(t.id)}
          >
            {t.label}
          </button>
        ))}
      </TabBar>
      <div role="tabpanel" id={`${idBase}-panel`} aria-labelledby={`${idBase}-tab-${value}`} className="st-tabpanel" tabIndex={0}>
        {children}
      </div>
    </>
  );
}
