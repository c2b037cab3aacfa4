/**
 * The menu at 768 px and below (SPEC §1, §9): a hamburger button (aria-expanded) opening a
 * modal panel; the panel is its own chunk, fetched on the first open (or when the pointer
 * approaches), so desktop visitors never download it. Focus returns to the button on close.
 */
import { Suspense, useCallback, useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n';
import { lazyChunk } from '../../shared/chunk/lazy-page';

const loadPanel = () => import('./mobile-menu-panel');
const MobileMenuPanel = lazyChunk(loadPanel);

export function MobileMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    buttonRef.current?.focus();
  }, []);
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="hamburger"
        aria-expanded={open}
        aria-controls="mobile-menu"
        aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => setOpen((v) => !v)}
      >
        <span aria-hidden="true" />
        <span aria-hidden="true" />
        <span aria-hidden="true" />
      </button>
      {open && (
        <Suspense fallback={null}>
          <MobileMenuPanel onClose={close} />
        </Suspense>
      )}
    </>
  );
}
