import type { TFunction } from 'i18next';
import { askConfirm } from '../../../components/ui/confirm-dialog.tsx';

/** The console's "delete for good?" question in its own dialog; `name` says what goes. */
export function confirmDelete(
  t: TFunction<'translation', 'admin'>,
  { name, message, confirmLabel }: { name?: string; message?: string; confirmLabel?: string } = {},
): Promise<boolean> {
  return askConfirm({
    title: name ? t('common.deleteTitle', { name }) : (message ?? t('common.confirmDelete')),
    message: name ? (message ?? t('common.confirmDelete')) : undefined,
    confirmLabel: confirmLabel ?? t('common.delete'),
    cancelLabel: t('common.cancel'),
    danger: true,
  });
}
