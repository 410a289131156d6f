/**
 * Call a waiter (spec §2, §9 presets): each preset is sent as a user need of the table session (POST user-needs);
 * 'other' asks for a text. The request ends added or failed (spec §4). Without a table session: scan first.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserNeedType } from '@trapeza/domain/contracts/orders';
import { MAX_COMMENT_LENGTH } from '@trapeza/domain/cart';
import { Modal } from '../../../components/ui/modal.tsx';
import { useFeatureTranslations } from '../../../i18n/feature-bundles.ts';
import { sendUserNeed } from '../api/table.ts';
import { tableBundle } from '../i18n/loaders.ts';

const PRESETS: readonly [UserNeedType, string][] = [
  ['clean_table', 'cleanTable'],
  ['new_cutlery', 'newCutlery'],
  ['more_napkins', 'moreNapkins'],
  ['change_ashtray', 'changeAshtray'],
  ['bring_ice', 'bringIce'],
  ['other', 'other'],
];

export function CallWaiterModal({
  open,
  onClose,
  place,
  token,
}: {
  open: boolean;
  onClose: () => void;
  place: string;
  /** The table session's order token, or null without one. */
  token: string | null;
}) {
  useFeatureTranslations('table', tableBundle);
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'sending' | 'added' | 'failed' | 'offline'>('idle');
  const [other, setOther] = useState<string | null>(null);
  const send = async (type: UserNeedType, text?: string) => {
    if (!token) return;
    setState('sending');
    try {
      await sendUserNeed(place, { token, type, text: text ?? null });
      setState('added');
      setOther(null);
    } catch {
      // Offline (spec §8 "no internet connection"): the guest can call again once the network is back.
      setState(navigator.onLine === false ? 'offline' : 'failed');
    }
  };
  return (
    <Modal open={open} title={t('callWaiter.title')} onClose={onClose}>
      {!token ? (
        <p>{t('callWaiter.scanFirst')}</p>
      ) : other !== null ? (
        <form
          className="stack"
          onSubmit={(e) => {
            e.preventDefault();
            if (other.trim() && state !== 'sending') void send('other', other.trim());
          }}
        >
          <label className="field">
            <span>{t('table.otherText')}</span>
            <textarea
              rows={3}
              maxLength={MAX_COMMENT_LENGTH}
              value={other}
              onChange={(e) => setOther(e.target.value)}
            />
          </label>
          <button
            type="submit"
            className="button"
            disabled={!other.trim()}
            aria-disabled={state === 'sending'}
          >
            {t('table.send')}
          </button>
        </form>
      ) : (
        <ul className="stack plain">
          {PRESETS.map(([type, key]) => (
            <li key={type}>
              <button
                type="button"
                className="button button-secondary button-block"
                // aria-disabled, not disabled: a disabled button would drop the keyboard focus to the page body.
                aria-disabled={state === 'sending'}
                onClick={() => {
                  if (state === 'sending') return;
                  if (type === 'other') setOther('');
                  else void send(type);
                }}
              >
                {t(`callWaiter.${key}`)}
              </button>
            </li>
          ))}
        </ul>
      )}
      {state === 'added' && <p role="status">{t('table.waiterNotified')}</p>}
      {(state === 'failed' || state === 'offline') && (
        <p role="alert" className="alert">
          {state === 'offline' ? t('errors.offline') : t('table.waiterFailed')}
        </p>
      )}
    </Modal>
  );
}
