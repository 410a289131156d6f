/** A category with open_call_waiter opens the call-waiter modal (spec §2) with the presets of spec §9. */
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';

const PRESETS = ['cleanTable', 'newCutlery', 'moreNapkins', 'changeAshtray', 'bringIce', 'other'] as const;

export function CallWaiterModal({
  open,
  onClose,
  hasToken,
}: {
  open: boolean;
  onClose: () => void;
  hasToken: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={t('callWaiter.title')} onClose={onClose}>
      {hasToken ? (
        <ul className="stack" role="list">
          {PRESETS.map((p) => (
            <li key={p}>
              <button type="button" className="button button-secondary" disabled title={t('callWaiter.soon')}>
                {t(`callWaiter.${p}`)}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('callWaiter.scanFirst')}</p>
      )}
    </Modal>
  );
}
