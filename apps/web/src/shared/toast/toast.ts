/**
 * Toasts (SPEC §9: 4 s, top-centre). A tiny store anyone may call — `toast.success('…')` —
 * rendered by <Toaster/> in the app shell inside an aria-live region.
 */
import { TOAST_DURATION_MS } from '@moim/contract';

export type ToastTone = 'info' | 'success' | 'error';
export interface ToastItem {
  id: number;
  message: string;
  tone: ToastTone;
  duration: number;
}

type Listener = (items: ToastItem[]) => void;
let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const emit = () => listeners.forEach((l) => l(items));

export function subscribeToasts(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
export const currentToasts = () => items;

export function dismissToast(id: number): void {
  items = items.filter((t) => t.id !== id);
  emit();
}

function show(message: string, tone: ToastTone = 'info', duration: number = TOAST_DURATION_MS): number {
  const id = nextId++;
  // Same message twice in a row: keep one.
  items = [...items.filter((t) => t.message !== message), { id, message, tone, duration }].slice(-4);
  emit();
  return id;
}

export const toast = Object.assign(show, {
  success: (m: string) => show(m, 'success'),
  error: (m: string) => show(m, 'error'),
  info: (m: string) => show(m, 'info'),
});
