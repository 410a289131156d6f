import { confirmLeave } from '../../../components/ui/unsaved-changes.ts';
import { useAdminT } from './use-admin-texts.ts';

/**
 * A move inside an admin page (opening another item, a new one) that would drop a dirty form first asks the
 * console's "Leave without saving?" (the forms mark themselves with `useUnsavedChanges`); `guard(move)` runs the
 * move at once when nothing is unsaved or the user chose to leave.
 */
export function useGuardedMove() {
  const t = useAdminT();
  return (move: () => void) =>
    void confirmLeave({
      title: t('shell.unsaved.title'),
      message: t('shell.unsaved.message'),
      confirmLabel: t('shell.unsaved.leave'),
      cancelLabel: t('shell.unsaved.stay'),
      danger: true,
    }).then((ok) => {
      if (ok) move();
    });
}
