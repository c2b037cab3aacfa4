/**
 * A menu button (WAI-ARIA menu button pattern) for the header's STUDY dropdown and user menu:
 * Enter / Space / ArrowDown open it on the first item (ArrowUp on the last), arrow keys, Home
 * and End move, Escape closes and returns focus to the button, Tab closes, a click outside
 * closes. With `hover`, the pointer opens it and leaving closes it after `closeDelay` ms
 * (SPEC §9: 300 ms) unless the pointer comes back; a click on the button of a menu the pointer
 * has just opened keeps it open (a person moves onto the button, then clicks it: the click must
 * not close what the hover opened), and the next click closes it.
 */
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

export interface MenuOptions {
  hover?: boolean;
  closeDelay?: number;
}

export function useMenu({ hover = false, closeDelay = 300 }: MenuOptions = {}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const focusOnOpen = useRef<'first' | 'last' | null>(null);
  // the menu is open because the pointer came onto it (not yet clicked or keyed)
  const openedByHover = useRef(false);

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const cancelClose = () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = null;
  };
  const close = useCallback((returnFocus = false) => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = null;
    openedByHover.current = false;
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);
  const openWith = (focus: 'first' | 'last' | null, byHover = false) => {
    cancelClose();
    focusOnOpen.current = focus;
    openedByHover.current = byHover;
    setOpen(true);
  };

  // Focus the requested item once the menu is rendered.
  useEffect(() => {
    if (!open || !focusOnOpen.current) return;
    const list = Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    (focusOnOpen.current === 'first' ? list[0] : list[list.length - 1])?.focus();
    focusOnOpen.current = null;
  }, [open]);

  // Click / tap outside closes.
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) close();
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open, close]);

  useEffect(() => () => cancelClose(), []);

  const onButtonKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') {
      e.preventDefault();
      openWith('first');
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      openWith('last');
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      close(true);
    }
  };

  const onMenuKeyDown = (e: KeyboardEvent) => {
    const list = items();
    const i = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => list[(to + list.length) % list.length]?.focus();
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        move(i + 1);
        break;
      case 'ArrowUp':
        e.preventDefault();
        move(i - 1);
        break;
      case 'Home':
        e.preventDefault();
        move(0);
        break;
      case 'End':
        e.preventDefault();
        move(list.length - 1);
        break;
      case 'Escape':
        e.preventDefault();
        close(true);
        break;
      case 'Tab':
        close();
        break;
    }
  };

  const rootProps = {
    ref: rootRef,
    ...(hover
      ? {
          onPointerEnter: (e: { pointerType: string }) => {
            if (e.pointerType !== 'mouse') return;
            if (open) cancelClose();
            else openWith(null, true);
          },
          onPointerLeave: (e: { pointerType: string }) => {
            if (e.pointerType !== 'mouse') return;
            cancelClose();
            closeTimer.current = setTimeout(() => setOpen(false), closeDelay);
          },
        }
      : {}),
  };

  const buttonProps = {
    ref: buttonRef,
    id: `${id}-button`,
    type: 'button' as const,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': open,
    'aria-controls': `${id}-menu`,
    onKeyDown: onButtonKeyDown,
    onClick: (e: { detail: number }) => {
      // Keyboard activation is handled in onKeyDown (detail 0 = not a pointer click).
      if (e.detail === 0) return;
      if (open && !openedByHover.current) close();
      else openWith(null);
    },
  };

  const menuProps = {
    ref: menuRef,
    id: `${id}-menu`,
    role: 'menu' as const,
    'aria-labelledby': `${id}-button`,
    hidden: !open,
    onKeyDown: onMenuKeyDown,
  };

  return { open, close, rootProps, buttonProps, menuProps };
}
