// Toast store (shadcn pattern). Spec section 9: 1 visible, removed 1,000,000 ms after dismissal.
import { type ReactNode, useSyncExternalStore } from 'react';
import { type ToastProps } from './toast';

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;

export type ToasterToast = Omit<ToastProps, 'title'> & {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
};

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  variant?: 'default' | 'destructive';
  action?: ReactNode;
  duration?: number;
}

interface State {
  toasts: ToasterToast[];
}

let count = 0;
function genId(): string {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return count.toString();
}

const removeTimeouts = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();
let memoryState: State = { toasts: [] };

function emit(next: State) {
  memoryState = next;
  for (const l of listeners) l();
}

function scheduleRemoval(id: string) {
  if (removeTimeouts.has(id)) return;
  const timeout = setTimeout(() => {
    removeTimeouts.delete(id);
    emit({ toasts: memoryState.toasts.filter((t) => t.id !== id) });
  }, TOAST_REMOVE_DELAY);
  removeTimeouts.set(id, timeout);
}

function dismiss(toastId?: string) {
  const ids = toastId ? [toastId] : memoryState.toasts.map((t) => t.id);
  ids.forEach(scheduleRemoval);
  emit({ toasts: memoryState.toasts.map((t) => (ids.includes(t.id) ? { ...t, open: false } : t)) });
}

function update(toast: Partial<ToasterToast> & { id: string }) {
  emit({ toasts: memoryState.toasts.map((t) => (t.id === toast.id ? { ...t, ...toast } : t)) });
}

export function toast(input: ToastInput) {
  const id = genId();
  const next: ToasterToast = {
    ...input,
    id,
    open: true,
    onOpenChange: (open) => {
      if (!open) dismiss(id);
    },
  };
  emit({ toasts: [next, ...memoryState.toasts].slice(0, TOAST_LIMIT) });
  return {
    id,
    dismiss: () => dismiss(id),
    update: (props: ToastInput) => update({ ...props, id }),
  };
}

/** Clears every toast at once (tests). */
export function resetToasts() {
  for (const t of removeTimeouts.values()) clearTimeout(t);
  removeTimeouts.clear();
  emit({ toasts: [] });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const getSnapshot = () => memoryState;

export function useToast() {
  const state = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { ...state, toast, dismiss };
}
