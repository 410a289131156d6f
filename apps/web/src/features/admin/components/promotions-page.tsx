/**
 * Promo codes (percent or money, validity, usage limit, eligible products), registered-user discounts on the nth
 * order, and the points rule (loyalty settings: points per currency unit, accumulated amount percent).
 */
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes.ts';
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChoiceCard, ChoiceCardGroup } from '../../../components/ui/choice-card.tsx';
import { ErrorMessage } from '../../../components/ui/error-message.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { PageLoading } from '../../../components/ui/page-loading.tsx';
import { productsQuery } from '../api/menu.ts';
import {
  createPromoCode,
  createUserDiscount,
  deletePromoCode,
  deleteUserDiscount,
  promoCodesQuery,
  updatePromoCode,
  updateUserDiscount,
  userDiscountsQuery,
  type AdminPromoCodeRow,
  type PromoCodeInput,
  type UserDiscountInput,
} from '../api/promotions.ts';
import { saveSettings, settingsKeys, settingsQuery } from '../api/settings.ts';
import { useAdminPlace } from '../hooks/admin-place-store.ts';
import { confirmDelete } from '../hooks/confirm-delete.ts';
import { useGuardedMove } from '../hooks/guarded-move.ts';
import { useAdminT } from '../hooks/use-admin-texts.ts';
import { formatMoneyInput } from '../lib/money.ts';
import { FlagInput, NumberInput, SaveStatus, TextInput } from './form-parts.tsx';
import { MoneyInput } from './money-input.tsx';
import s from './admin.module.css';
import { DateTimeField } from '../../../components/ui/date-time-field.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { percentOrMoney } from './percent-or-money.ts';

type PromoDraft = Required<PromoCodeInput>;

/** Local date-time text ("YYYY-MM-DDTHH:mm", DateTimeField's value) ↔ ISO instant with offset (the contract's validity bounds). */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const fromLocalInput = (v: string) => (v === '' ? null : new Date(v).toISOString());

function promoDraft(p: AdminPromoCodeRow | null): PromoDraft {
  return {
    code: p?.code ?? '',
    discount_type: p?.discount_type ?? 'percent',
    discount_value: p?.discount_value ?? 10,
    ignore_other_discounts: p?.ignore_other_discounts ?? 0,
    valid_from: p?.valid_from ?? null,
    valid_to: p?.valid_to ?? null,
    max_uses: p?.max_uses ?? null,
    eligible_product_ids: p?.eligible_product_ids ?? null,
    active: p?.active ?? 1,
  };
}

export function PromotionsPage() {
  const t = useAdminT();
  const { slug: place } = useAdminPlace();
  const queryClient = useQueryClient();
  const codes = useQuery(promoCodesQuery(place));
  const [editing, setEditing] = useState<AdminPromoCodeRow | 'new' | null>(null);
  const guard = useGuardedMove();
  // Another item (or a new one) replaces the open form: unsaved changes in it are asked about first.
  const open = (next: AdminPromoCodeRow | 'new') => {
    const same =
      next === 'new' ? editing === 'new' : editing !== null && editing !== 'new' && editing.id === next.id;
    if (same) setEditing(next);
    else guard(() => setEditing(next));
  };
  if (codes.isPending) return <PageLoading />;
  if (codes.error) return <ErrorMessage error={codes.error} onRetry={() => void codes.refetch()} />;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', place] });
  return (
    <div>
      <section className={s.card}>
        <div className={s.row}>
          <h2 style={{ marginRight: 'auto' }}>{t('promos.codes')}</h2>
          <button type="button" className={s.btnGhost} onClick={() => open('new')}>
            {t('promos.addCode')}
          </button>
        </div>
        <table className={s.table}>
          <thead>
            <tr>
              <th>{t('promos.code')}</th>
              <th>{t('promos.value')}</th>
              <th>{t('promos.validity')}</th>
              <th>{t('promos.uses')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {codes.data.map((c) => (
              <tr key={c.id} className={c.active ? '' : s.inactive}>
                <td>
                  <code>{c.code}</code>
                </td>
                <td>
                  {c.discount_type === 'percent'
                    ? `${c.discount_value} %`
                    : formatMoneyInput(c.discount_value)}
                </td>
                <td>
                  {c.valid_from ? new Date(c.valid_from).toLocaleString() : '…'} –{' '}
                  {c.valid_to ? new Date(c.valid_to).toLocaleString() : '…'}
                </td>
                <td>
                  {c.used_count} / {c.max_uses ?? '∞'}
                </td>
                <td>
                  <button type="button" className={s.btnGhost} onClick={() => open(c)}>
                    {t('common.edit')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {editing && (
          <PromoForm
            key={editing === 'new' ? 'new' : editing.id}
            row={editing === 'new' ? null : editing}
            onDone={async () => {
              setEditing(null);
              await refresh();
            }}
            onCancel={() => setEditing(null)}
          />
        )}
      </section>
      <UserDiscounts />
      <PointsRule />
    </div>
  );
}

function PromoForm({
  row,
  onDone,
  onCancel,
}: {
  row: AdminPromoCodeRow | null;
  onDone: () => Promise<unknown>;
  onCancel: () => void;
}) {
  const t = useAdminT();
  const { slug: place } = useAdminPlace();
  const products = useQuery(productsQuery(place, null));
  const [draft, setDraft] = useState(() => promoDraft(row));
  // Changed since opened: leaving asks first (saving closes the form, which ends the question).
  const [opened] = useState(draft);
  useUnsavedChanges(JSON.stringify(draft) !== JSON.stringify(opened));
  const [error, setError] = useState<unknown>(null);
  const set = <K extends keyof PromoDraft>(k: K, v: PromoDraft[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const codeOk = /^[A-Za-z0-9_-]{3,40}$/.test(draft.code.trim());
  const valueOk =
    draft.discount_value > 0 && (draft.discount_type === 'money' || draft.discount_value <= 100);
  const datesOk =
    !draft.valid_from || !draft.valid_to || Date.parse(draft.valid_from) < Date.parse(draft.valid_to);
  const save = async () => {
    try {
      if (row) await updatePromoCode(row.id, draft);
      else await createPromoCode(draft);
      showToast(t('common.saved'));
      await onDone();
    } catch (err) {
      setError(err);
    }
  };
  return (
    <form
      className={s.card}
      aria-label={t('promos.form')}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <div className={s.grid}>
        <TextInput
          label={t('promos.code')}
          value={draft.code}
          required
          onChange={(v) => set('code', v.toUpperCase())}
        />
        <label className={s.field}>
          {t('promos.kind')}
          <Select
            value={draft.discount_type}
            onValueChange={(v) =>
              setDraft({ ...draft, discount_type: v as 'percent' | 'money', discount_value: 0 })
            }
            options={percentOrMoney(t)}
          />
        </label>
        {draft.discount_type === 'money' ? (
          <MoneyInput
            label={t('promos.value')}
            value={draft.discount_value}
            onChange={(v) => set('discount_value', v ?? 0)}
          />
        ) : (
          <NumberInput
            label={t('promos.value')}
            value={draft.discount_value}
            min={0}
            max={100}
            step={0.01}
            onChange={(v) => set('discount_value', v ?? 0)}
          />
        )}
        <DateTimeField
          label={t('promos.validFrom')}
          value={toLocalInput(draft.valid_from)}
          onChange={(v) => set('valid_from', fromLocalInput(v))}
        />
        <DateTimeField
          label={t('promos.validTo')}
          value={toLocalInput(draft.valid_to)}
          onChange={(v) => set('valid_to', fromLocalInput(v))}
          error={datesOk ? null : t('promos.datesRule')}
        />
        <NumberInput
          label={t('promos.maxUses')}
          value={draft.max_uses}
          min={1}
          onChange={(v) => set('max_uses', v)}
        />
        <FlagInput
          label={t('promos.ignoreOther')}
          value={draft.ignore_other_discounts}
          onChange={(v) => set('ignore_other_discounts', v)}
        />
        <FlagInput label={t('fields.active')} value={draft.active} onChange={(v) => set('active', v)} />
      </div>
      <ChoiceCardGroup legend={t('promos.eligible')} type="checkbox" layout="grid" dense>
        <FlagInput
          label={t('promos.allProducts')}
          value={draft.eligible_product_ids === null ? 1 : 0}
          onChange={(v) => set('eligible_product_ids', v ? null : [])}
        />
        {draft.eligible_product_ids !== null &&
          products.data?.map((p) => (
            <ChoiceCard
              key={p.id}
              label={<span dir="auto">{p.name}</span>}
              checked={draft.eligible_product_ids?.includes(p.id) ?? false}
              onChange={(e) =>
                set(
                  'eligible_product_ids',
                  e.target.checked
                    ? [...(draft.eligible_product_ids ?? []), p.id]
                    : (draft.eligible_product_ids ?? []).filter((x) => x !== p.id),
                )
              }
            />
          ))}
      </ChoiceCardGroup>
      {!codeOk && draft.code !== '' && <p className={s.error}>{t('promos.codeRule')}</p>}
      {!valueOk && <p className={s.error}>{t('promos.valueRule')}</p>}
      <SaveStatus error={error} saved={false} />
      <div className={s.row}>
        <button className={s.btn} disabled={!codeOk || !valueOk || !datesOk}>
          {t('common.save')}
        </button>
        <button type="button" className={s.btnGhost} onClick={onCancel}>
          {t('common.cancel')}
        </button>
        {row && (
          <button
            type="button"
            className={s.btnDanger}
            onClick={() =>
              void confirmDelete(t, { name: row.code }).then((ok) => {
                if (ok)
                  deletePromoCode(row.id)
                    .then(() => showToast(t('common.deleted')))
                    .then(onDone, setError);
              })
            }
          >
            {t('common.delete')}
          </button>
        )}
      </div>
    </form>
  );
}

function UserDiscounts() {
  const t = useAdminT();
  const { slug: place } = useAdminPlace();
  const queryClient = useQueryClient();
  const list = useQuery(userDiscountsQuery(place));
  const [draft, setDraft] = useState<Required<UserDiscountInput>>({
    on_order_number: 1,
    discount_type: 'percent',
    discount_amount: 10,
    active: 1,
  });
  const [error, setError] = useState<unknown>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', place] });
  const act = (p: Promise<unknown>, done?: string) =>
    p.then(
      () => {
        if (done) showToast(done);
        return refresh();
      },
      (err: unknown) => setError(err),
    );
  return (
    <section className={s.card}>
      <h2>{t('promos.userDiscounts')}</h2>
      <p className={s.hint}>{t('promos.userDiscountsHelp')}</p>
      <table className={s.table}>
        <tbody>
          {list.data?.map((d) => (
            <tr key={d.id} className={d.active ? '' : s.inactive}>
              <td>{t('promos.nthOrder', { n: d.on_order_number })}</td>
              <td>
                {d.discount_type === 'percent'
                  ? `${d.discount_amount} %`
                  : formatMoneyInput(d.discount_amount)}
              </td>
              <td>
                <FlagInput
                  label={t('fields.active')}
                  value={d.active}
                  onChange={(v) => void act(updateUserDiscount(d.id, { active: v }))}
                />
              </td>
              <td>
                <button
                  type="button"
                  className={s.btnDanger}
                  onClick={() =>
                    void confirmDelete(t, { name: t('promos.nthOrder', { n: d.on_order_number }) }).then(
                      (ok) => {
                        if (ok) void act(deleteUserDiscount(d.id), t('common.deleted'));
                      },
                    )
                  }
                >
                  {t('common.delete')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className={s.row}>
        <NumberInput
          label={t('promos.orderNumber')}
          value={draft.on_order_number}
          min={1}
          onChange={(v) => setDraft({ ...draft, on_order_number: v ?? 1 })}
        />
        <label className={s.field}>
          {t('promos.kind')}
          <Select
            value={draft.discount_type}
            onValueChange={(v) =>
              setDraft({ ...draft, discount_type: v as 'percent' | 'money', discount_amount: 0 })
            }
            options={percentOrMoney(t)}
          />
        </label>
        {draft.discount_type === 'money' ? (
          <MoneyInput
            label={t('promos.value')}
            value={draft.discount_amount}
            onChange={(v) => setDraft({ ...draft, discount_amount: v ?? 0 })}
          />
        ) : (
          <NumberInput
            label={t('promos.value')}
            value={draft.discount_amount}
            min={0}
            max={100}
            onChange={(v) => setDraft({ ...draft, discount_amount: v ?? 0 })}
          />
        )}
        <button
          type="button"
          className={s.btn}
          disabled={draft.discount_amount <= 0}
          onClick={() => {
            setError(null);
            void act(createUserDiscount(draft), t('common.saved'));
          }}
        >
          {t('common.add')}
        </button>
      </div>
      <SaveStatus error={error} saved={false} />
    </section>
  );
}

const POINT_KEYS = ['points_per_currency_unit', 'accumulated_amount_percent'] as const;

function PointsRule() {
  const t = useAdminT();
  const { slug: place } = useAdminPlace();
  const queryClient = useQueryClient();
  const settings = useQuery(settingsQuery(place));
  const [draft, setDraft] = useState<Record<string, number | null>>({});
  useUnsavedChanges(Object.keys(draft).length > 0);
  const save = useMutation({
    mutationFn: () => saveSettings(Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, v]))),
    onSuccess: (answer) => {
      queryClient.setQueryData(settingsKeys.settings(place), answer);
      setDraft({});
    },
  });
  if (!settings.data) return null;
  const rows = settings.data.settings.filter((r) => (POINT_KEYS as readonly string[]).includes(r.key));
  return (
    <section className={s.card}>
      <h2>{t('promos.points')}</h2>
      <div className={s.grid}>
        {rows.map((r) => (
          <div key={r.key}>
            <NumberInput
              label={t(`promos.pointKeys.${r.key}`)}
              value={r.key in draft ? draft[r.key] : Number(r.effective)}
              min={r.min}
              max={r.max}
              step={0.01}
              onChange={(v) => setDraft({ ...draft, [r.key]: v })}
            />
            <span className={s.hint}>{r.description}</span>
          </div>
        ))}
      </div>
      <button
        type="button"
        className={s.btn}
        disabled={Object.keys(draft).length === 0}
        onClick={() => save.mutate()}
      >
        {t('common.save')}
      </button>
      <SaveStatus error={save.error} saved={save.isSuccess} />
    </section>
  );
}
