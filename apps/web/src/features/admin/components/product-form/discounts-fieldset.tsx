/** The product's own discounts: a percent, an amount, and the time-based discount (days, hours, percent). */
import { ChoiceCard, ChoiceCardGroup } from '../../../../components/ui/choice-card.tsx';
import { useAdminT } from '../../hooks/use-admin-texts.ts';
import { FlagInput, NumberInput } from '../form-parts.tsx';
import { MoneyInput } from '../money-input.tsx';
import s from '../admin.module.css';
import type { ProductDraft, SetDraftField } from './product-draft.ts';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export function DiscountsFieldset({ draft, set }: { draft: ProductDraft; set: SetDraftField }) {
  const t = useAdminT();
  return (
    <fieldset>
      <legend>{t('menu.discounts')}</legend>
      <div className={s.grid}>
        <NumberInput
          label={t('fields.discount_percent')}
          value={draft.discount_percent}
          min={0}
          max={100}
          step={0.01}
          onChange={(v) => set('discount_percent', v ?? 0)}
        />
        <MoneyInput
          label={t('fields.discount_money')}
          value={draft.discount_money}
          onChange={(v) => set('discount_money', v ?? 0)}
        />
      </div>
      <FlagInput
        label={t('fields.time_based_discount_enabled')}
        value={draft.time_based_discount_enabled}
        onChange={(v) => set('time_based_discount_enabled', v)}
      />
      {draft.time_based_discount_enabled === 1 && (
        <>
          <ChoiceCardGroup legend={t('fields.days')} type="checkbox" layout="grid" dense>
            {WEEKDAYS.map((d) => (
              <ChoiceCard
                key={d}
                label={t(`weekdays.${d}`)}
                checked={draft.time_based_discount_days.includes(d)}
                onChange={(e) =>
                  set(
                    'time_based_discount_days',
                    e.target.checked
                      ? [...draft.time_based_discount_days, d].sort()
                      : draft.time_based_discount_days.filter((x) => x !== d),
                  )
                }
              />
            ))}
          </ChoiceCardGroup>
          <div className={s.grid}>
            <NumberInput
              label={t('fields.startHour')}
              value={draft.time_based_discount_start_hour}
              min={0}
              max={23}
              onChange={(v) => set('time_based_discount_start_hour', v ?? 0)}
            />
            <NumberInput
              label={t('fields.endHour')}
              value={draft.time_based_discount_end_hour}
              min={0}
              max={23}
              onChange={(v) => set('time_based_discount_end_hour', v ?? 0)}
            />
            <NumberInput
              label={t('fields.time_based_discount_percent')}
              value={draft.time_based_discount_percent}
              min={0}
              max={100}
              onChange={(v) => set('time_based_discount_percent', v ?? 0)}
            />
          </div>
        </>
      )}
    </fieldset>
  );
}
