/**
 * Confirm before something that cannot be undone (a delete, leaving unsaved changes): `askConfirm(...)` opens one
 * alert dialog and answers true only for the confirm button. Built on Radix's headless alert dialog
 * (@radix-ui/react-alert-dialog: role alertdialog named by its title and described by its message, focus trapped
 * inside and starting on the safe answer, Escape cancels, a click outside does nothing) with the project's own CSS;
 * the focus goes back to the control that asked. One `<ConfirmHost>` (the console shells) renders it.
 */
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useEffect, useRef } from 'react';
import { create } from 'zustand';
import modal from './modal.module.css';
import s from './console.module.css';

export interface ConfirmOptions {
  title: string;
  message?: string;
  confirmLabel: string;
  cancelLabel: string;
  /** a destructive action: the confirm button is red */
  danger?: boolean;
}

interface Pending extends ConfirmOptions {
  resolve: (ok: boolean) => void;
  /** the control that asked, focused again on close */
  opener: HTMLElement | null;
}

const useConfirmStore = create<{ pending: Pending | null }>(() => ({ pending: null }));

export function askConfirm(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    // A second question answers the first one "no".
    useConfirmStore.getState().pending?.resolve(false);
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    useConfirmStore.setState({ pending: { ...options, resolve, opener } });
  });
}

function answer(ok: boolean) {
  const pending = useConfirmStore.getState().pending;
  useConfirmStore.setState({ pending: null });
  pending?.resolve(ok);
}

export function ConfirmHost() {
  const pending = useConfirmStore((st) => st.pending);
  // The question is gone from the store by the time the dialog gives the focus back.
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (pending) opener.current = pending.opener;
  }, [pending]);
  return (
    <AlertDialog.Root
      open={pending !== null}
      onOpenChange={(open) => {
        if (!open) answer(false);
      }}
    >
      {/* Over an open Modal too: both are Radix layers, the question the top one. */}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={modal.overlay} />
        <AlertDialog.Content
          className={`${modal.dialog} ${modal.alert}`}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            if (opener.current?.isConnected) opener.current.focus();
            opener.current = null;
          }}
          {...(pending?.message ? {} : { 'aria-describedby': undefined })}
        >
          {pending && (
            <div className={`${modal.content} ${s.confirm}`}>
              <AlertDialog.Title className={modal.title}>{pending.title}</AlertDialog.Title>
              {pending.message && <AlertDialog.Description>{pending.message}</AlertDialog.Description>}
              <div className={s.actions}>
                {/* The safe answer first, and focused: Enter never deletes unread. */}
                <AlertDialog.Cancel className={s.secondary}>{pending.cancelLabel}</AlertDialog.Cancel>
                <AlertDialog.Action
                  className={pending.danger ? s.danger : s.primary}
                  onClick={(e) => {
                    e.preventDefault();
                    answer(true);
                  }}
                >
                  {pending.confirmLabel}
                </AlertDialog.Action>
              </div>
            </div>
          )}
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
