/**
 * Modal dialog (issue 21 #2) on Radix's headless dialog (@radix-ui/react-dialog) with the project's own CSS: named by
 * its title (role dialog), focus moved inside, trapped there and returned to the element that opened it, Escape and a
 * tap on the dimmed page close it, the page behind it hidden from screen readers, taking no taps and not scrolling
 * (react-remove-scroll). `sheet`: a bottom sheet on a phone (docked to the screen's bottom edge, rising into view), a
 * centred dialog on wider screens. It is portalled into the venue's page (`.place`, which carries the venue's theme
 * colours as variables) when there is one, else into the body (the consoles).
 *
 * `openInHtml` (the welcome banner, issue 17) keeps the server's HTML as it was: a Radix dialog renders nothing on
 * the server (its portal mounts in the browser), and the banner must show, and close, before the app is live. So the
 * server renders a native `<dialog open>` whose content is a `<form method="dialog">` (its buttons close it with no
 * script; public/boot.js writes the cookie it names), which the stylesheet draws exactly as the live dialog: the same
 * box at the same place, the backdrop its second shadow. The hydrating render is that same element; then, before the
 * next paint (a layout effect), the live app hands over to the Radix dialog — the same classes, the same box, an
 * overlay for the shadow — so nothing moves or flashes (e2e/tests/welcome-banner.spec.ts). Closed already (the
 * guest closed it before the app was live), the hand-over tells onClose instead.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
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
   * A dialog the server renders already open (the welcome banner, issue 17): see above. Its children's submit buttons
   * close it before the app is live too.
   */
  openInHtml?: boolean;
  /**
   * With openInHtml: the session cookie (value 1) that says the guest closed it; public/boot.js writes it when the
   * guest closes the server's dialog before the app is live (the app itself does so in onClose).
   */
  closedCookie?: string;
}

export function Modal(props: ModalProps) {
  // Mounted on each opening: the opener is the element focused then.
  return props.open ? <OpenModal {...props} /> : null;
}

function OpenModal({
  title,
  onClose,
  children,
  wide,
  hideTitle,
  sheet,
  openInHtml,
  closedCookie,
}: ModalProps) {
  const { t } = useTranslation();
  const here = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const opener = useRef<HTMLElement | null>(null);
  // Where the live dialog goes; null until the first layout effect (the server's render, and the hydrating one).
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useLayoutEffect(() => {
    const el = here.current;
    if (!el) return;
    // The server's dialog closed by its own form before the app was live: the guest closed it.
    if (el instanceof HTMLDialogElement && !el.open) {
      onCloseRef.current();
      return;
    }
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setContainer(el.closest<HTMLElement>('.place') ?? document.body);
  }, []);

  const className = `${styles.dialog} ${wide ? styles.wide : ''} ${sheet ? styles.sheet : ''}`;
  const close = (
    <button
      type={openInHtml ? 'submit' : 'button'}
      className={styles.close}
      onClick={onClose}
      aria-label={t('common.close')}
    >
      <span aria-hidden="true">×</span>
    </button>
  );

  if (!container) {
    if (!openInHtml)
      return (
        <span
          ref={(el) => {
            here.current = el;
          }}
          hidden
        />
      );
    return (
      <dialog
        ref={(el) => {
          here.current = el;
        }}
        className={`${className} ${styles.server}`}
        aria-labelledby={titleId}
        open
        data-closed-cookie={closedCookie}
      >
        <form method="dialog">
          <div className={styles.content}>
            <header className={styles.header}>
              <h2 id={titleId} className={hideTitle ? 'visually-hidden' : styles.title} dir="auto">
                {title}
              </h2>
              {close}
            </header>
            {children}
          </div>
          {/* The end of the server's dialog: until it is parsed the dialog is not drawn (modal.module.css). */}
          <span className={styles.end} hidden />
        </form>
      </dialog>
    );
  }

  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Dialog.Portal container={container}>
        <Dialog.Overlay className={styles.overlay} data-backdrop="" />
        <Dialog.Content
          className={className}
          aria-describedby={undefined}
          onCloseAutoFocus={(e) => {
            // No Radix trigger: the focus goes back to what had it when the dialog opened.
            e.preventDefault();
            if (opener.current?.isConnected) opener.current.focus();
          }}
          onKeyDown={(e) => {
            // Tab goes round the dialog's controls (issue 21 #6). Radix's focus scope does so too, but counts every
            // radio as a stop: a radio group is one (its checked radio; Tab skips the unchecked ones).
            if (e.key !== 'Tab') return;
            const all = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
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
        >
          <div className={styles.content}>
            <header className={styles.header}>
              <Dialog.Title className={hideTitle ? 'visually-hidden' : styles.title} dir="auto">
                {title}
              </Dialog.Title>
              {close}
            </header>
            {children}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
