/**
 * Unsaved-changes warning for the consoles' forms: a form calls `useUnsavedChanges(dirty)`; while any form is
 * dirty, closing or reloading the tab asks the browser's own question (beforeunload), and the console's own moves
 * (side navigation, venue switch, opening another item) ask `confirmLeave` first. The app's routes are not a data
 * router, so React Router's blocker is not available: the shells ask on their links instead.
 */
import { useEffect, useId } from 'react';
import { create } from 'zustand';
import { askConfirm, type ConfirmOptions } from './confirm-dialog.tsx';

const useDirtyForms = create<{ dirty: ReadonlySet<string> }>(() => ({ dirty: new Set() }));

function mark(id: string, dirty: boolean) {
  useDirtyForms.setState((st) => {
    if (st.dirty.has(id) === dirty) return st;
    const next = new Set(st.dirty);
    if (dirty) next.add(id);
    else next.delete(id);
    return { dirty: next };
  });
}

function onBeforeUnload(e: BeforeUnloadEvent) {
  e.preventDefault();
  // Older browsers need a return value to show the question.
  e.returnValue = '';
}

export function useUnsavedChanges(dirty: boolean) {
  const id = useId();
  useEffect(() => {
    mark(id, dirty);
    if (!dirty) return;
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      mark(id, false);
    };
  }, [id, dirty]);
}

export const hasUnsavedChanges = () => useDirtyForms.getState().dirty.size > 0;

/** True when nothing is unsaved or the user chose to leave (the forms then count as clean). */
export async function confirmLeave(options: ConfirmOptions): Promise<boolean> {
  if (!hasUnsavedChanges()) return true;
  const ok = await askConfirm(options);
  if (ok) useDirtyForms.setState({ dirty: new Set() });
  return ok;
}
