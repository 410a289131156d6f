/**
 * Modal dialog on the native <dialog>: showModal() makes the rest of the page inert and traps focus, Escape
 * closes, and focus returns to the element that opened it. `sheet`: a bottom sheet on a phone (the same dialog,
 * docked to the screen's bottom edge), a centred dialog on wider screens.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './modal.module.css';

// A control with tabindex -1 (the tabs not chosen) is not a Tab stop.
const FOCUSABLE =
  'button:not(:disabled):not([tabindex="-1"]), a[href], input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Wide content such as images. */
  wide?: boolean;
  hideTitle?: boolean;
  sheet?: boolean;
  /**
   * The dialog's HTML says `open` (a dialog the server renders already open: the welcome banner, issue 17). Before the
   * app is live it shows as a non-modal open dialog that the stylesheet draws exactly as the modal one, and its content
   * is a `<form method="dialog">`: its close button (and the children's submit buttons) close it at once, with no
   * script. Once live the effect below makes it modal (close, then showModal), as any other — or, when the guest
   * closed it before, tells onClose.
   */
  openInHtml?: boolean;
  /**
   * With openInHtml: the session cookie (value 1) that says the guest closed it; public/boot.js writes it when the
   * guest closes the server's dialog before the app is live (the app itself does so in onClose).
   */
  closedCookie?: string;
}

export function Modal({
  open,
  title,
  onClose,
  children,
  wide,
  hideTitle,
  sheet,
  openInHtml,
  closedCookie,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { t } = useTranslation();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof dialog.showModal === 'function') {
      // The server's `<dialog open>` (openInHtml) is open but not modal: the page behind it is not inert yet. Closed
      // already, the guest closed it with its form before the app was live.
      if (openInHtml && !dialog.open) {
        onCloseRef.current();
        return;
      }
      if (dialog.open && !dialog.matches(':modal')) dialog.close();
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', '');
    }
    const firstFocusable = dialog.querySelector<HTMLElement>(
      '[autofocus], button, a[href], input, select, textarea',
    );
    firstFocusable?.focus();
    const onCancel = (e: Event) => {
      e.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      else dialog.removeAttribute('open');
      opener?.focus();
    };
  }, [open, openInHtml]);

  if (!open) return null;
  const content = (
    <div className={styles.content}>
      <header className={styles.header}>
        <h2 id={titleId} className={hideTitle ? 'visually-hidden' : styles.title} dir="auto">
          {title}
        </h2>
        <button
          type={openInHtml ? 'submit' : 'button'}
          className={styles.close}
          onClick={onClose}
          aria-label={t('common.close')}
        >
          <span aria-hidden="true">×</span>
        </button>
      </header>
      {children}
    </div>
  );
  return (
    <dialog
      ref={ref}
      className={`${styles.dialog} ${wide ? styles.wide : ''} ${sheet ? styles.sheet : ''} ${openInHtml ? styles.server : ''}`}
      aria-labelledby={titleId}
      open={openInHtml || undefined}
      data-closed-cookie={openInHtml ? closedCookie : undefined}
      onKeyDown={(e) => {
        // Tab goes round the dialog's controls instead of out to the browser's own (issue 21 #6).
        if (e.key !== 'Tab') return;
        const all = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
          // A radio group is one stop: its checked radio (unchecked ones are skipped by Tab).
          (el) =>
            el.checkVisibility?.() !== false &&
            !(el instanceof HTMLInputElement && el.type === 'radio' && !el.checked),
        );
        const edge = e.shiftKey ? all[0] : all[all.length - 1];
        if (edge && document.activeElement === edge) {
          e.preventDefault();
          (e.shiftKey ? all[all.length - 1] : all[0])?.focus();
        }
      }}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it.
        if (e.target === ref.current) onClose();
      }}
    >
      {openInHtml ? (
        <form method="dialog">
          {content}
          {/* The end of the server's dialog: until it is parsed the dialog is not drawn (modal.module.css). */}
          <span className={styles.end} hidden />
        </form>
      ) : (
        content
      )}
    </dialog>
  );
}
