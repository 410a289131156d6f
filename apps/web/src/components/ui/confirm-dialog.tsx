/**
 * Confirm before something that cannot be undone (a delete, leaving unsaved changes): `askConfirm(...)` opens one
 * modal (the shared `Modal` on the native <dialog>: focus inside, Escape cancels, focus back on the opener) and
 * answers true only for the confirm button. One `<ConfirmHost>` (the console shells) renders it.
 */
import { create } from 'zustand';
import { Modal } from './modal.tsx';
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
}

const useConfirmStore = create<{ pending: Pending | null }>(() => ({ pending: null }));

export function askConfirm(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    // A second question answers the first one "no".
    useConfirmStore.getState().pending?.resolve(false);
    useConfirmStore.setState({ pending: { ...options, resolve } });
  });
}

function answer(ok: boolean) {
  const pending = useConfirmStore.getState().pending;
  useConfirmStore.setState({ pending: null });
  pending?.resolve(ok);
}

export function ConfirmHost() {
  const pending = useConfirmStore((st) => st.pending);
  return (
    <Modal open={pending !== null} title={pending?.title ?? ''} onClose={() => answer(false)}>
      {pending && (
        <div className={s.confirm}>
          {pending.message && <p>{pending.message}</p>}
          <div className={s.actions}>
            {/* The safe answer first (the dialog's close button takes the focus): Enter never deletes unread. */}
            <button type="button" className={s.secondary} onClick={() => answer(false)}>
              {pending.cancelLabel}
            </button>
            <button
              type="button"
              className={pending.danger ? s.danger : s.primary}
              onClick={() => answer(true)}
            >
              {pending.confirmLabel}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
