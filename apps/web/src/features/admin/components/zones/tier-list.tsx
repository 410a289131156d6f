/**
 * A list of tiers edited in place (an order type's price tiers, its discount tiers): each row its fields and a
 * remove button, then "Add a tier" and the list's own save.
 */
import type { ReactNode } from 'react';
import { useAdminT } from '../../hooks/use-admin-texts.ts';
import s from '../admin.module.css';

export function TierList<T extends object>({
  tiers,
  onChange,
  blank,
  fields,
  saveLabel,
  onSave,
}: {
  tiers: T[];
  onChange: (tiers: T[]) => void;
  /** The tier "Add a tier" appends. */
  blank: () => T;
  /** One tier's inputs; `patch` changes that tier. */
  fields: (tier: T, patch: (change: Partial<T>) => void) => ReactNode;
  saveLabel: string;
  onSave: () => void;
}) {
  const t = useAdminT();
  return (
    <>
      {tiers.map((tier, i) => (
        <div key={i} className={s.row}>
          {fields(tier, (change) => onChange(tiers.map((x, j) => (j === i ? { ...x, ...change } : x))))}
          <button
            type="button"
            className={s.iconBtn}
            aria-label={t('common.remove')}
            onClick={() => onChange(tiers.filter((_, j) => j !== i))}
          >
            ×
          </button>
        </div>
      ))}
      <div className={s.row}>
        <button type="button" className={s.btnGhost} onClick={() => onChange([...tiers, blank()])}>
          {t('zones.addTier')}
        </button>
        <button type="button" className={s.btn} onClick={onSave}>
          {saveLabel}
        </button>
      </div>
    </>
  );
}
