/**
 * The table's bill (issue 19) in the cart drawer's bill tab: every order of the session line by line with the
 * server's amounts, what is paid / pending / remaining (live on every phone), and this guest's share — by items
 * (lines or part of a line's quantity), one of N equal shares, or a custom amount — with a tip, paid online (the
 * provider's page) or in cash / by card to the waiter (the waiter is called with the amount and method). When
 * another phone was faster the server answers with the bill as it is now, which replaces ours.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '@trapeza/domain/money';
import {
  TIP_PRESET_PERCENTS,
  MAX_TIP_PERCENT,
  equalShares,
  tipAmount,
  type TipChoice,
} from '@trapeza/domain/table-bill';
import type { ShareMethod, StoreTableBill } from '@trapeza/domain/contracts/table-party';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { tableBillQueryOptions, takeShare } from '../api/table-party.ts';
import type { CartContext } from '../hooks/use-cart-context.ts';
import type { TableGuest } from '../lib/table-guest.ts';
import { guestLabel } from './shared-cart.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { ChoiceCard, ChoiceCardGroup } from '../../../components/ui/choice-card.tsx';

type Mode = 'items' | 'equal' | 'custom';

/** Sends the browser to the provider: the GET address when there is one, else the signed form. */
function goToProvider(payment: {
  red: string;
  form: { action: string; method: string; fields: Record<string, string> };
}) {
  if (payment.red) {
    location.assign(payment.red);
    return;
  }
  const form = document.createElement('form');
  form.method = payment.form.method;
  form.action = payment.form.action;
  for (const [name, value] of Object.entries(payment.form.fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}

export function TableBill({ ctx, session, guest }: { ctx: CartContext; session: string; guest: TableGuest }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { venue } = ctx;
  const options = tableBillQueryOptions(venue.place, session);
  const { data: bill, error } = useQuery(options);
  const [mode, setMode] = useState<Mode>('items');
  const [picked, setPicked] = useState<Record<number, number>>({});
  const [parts, setParts] = useState(2);
  const [custom, setCustom] = useState('');
  const [tipKind, setTipKind] = useState<string>('0');
  const [tipCustom, setTipCustom] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const money = (v: number) => formatPrice(v, venue.currency, venue.lang).primary;
  const returned = new URLSearchParams(location.search).get('payment');

  if (error) return <p role="alert">{t('cart.party.billFailed')}</p>;
  if (!bill) return <p className="muted">…</p>;
  if (bill.orders.length === 0) return <p className="muted">{t('cart.party.noOrdersYet')}</p>;

  const lines = bill.orders.flatMap((o) => o.lines);
  const equalOnes = bill.shares.filter((s) => s.mode === 'equal' && s.parts === parts);
  const equalIndex = equalOnes.length;
  // As the server splits: N shares of what the other shares leave.
  const equalBase =
    bill.total - bill.shares.filter((s) => !equalOnes.includes(s)).reduce((a, s) => a + s.amount, 0);
  const share =
    mode === 'items'
      ? lines.reduce((sum, l) => {
          const q = picked[l.id] ?? 0;
          if (!q) return sum;
          const free = l.quantity - l.claimed_quantity;
          return sum + (q === free ? l.amount - l.claimed_amount : Math.floor((l.amount * q) / l.quantity));
        }, 0)
      : mode === 'equal'
        ? (equalShares(equalBase, parts)[equalIndex] ?? 0)
        : Math.round(Number(custom.replace(',', '.')) * 100) || 0;
  const tip: TipChoice =
    tipKind === 'custom'
      ? { kind: 'percent', percent: Number(tipCustom.replace(',', '.')) || 0 }
      : tipKind === '0'
        ? { kind: 'none' }
        : { kind: 'percent', percent: Number(tipKind) };
  const tipResult = tipAmount(share, tip);

  const pay = async (method: ShareMethod) => {
    setBusy(true);
    setMessage(null);
    try {
      const answer = await takeShare(venue.place, session, {
        guest_key: guest.key,
        mode,
        method,
        tip,
        expected_remaining: bill.remaining,
        ...(mode === 'items'
          ? {
              items: Object.entries(picked)
                .filter(([, q]) => q > 0)
                .map(([id, q]) => ({ line_id: Number(id), quantity: q })),
            }
          : mode === 'equal'
            ? { parts }
            : { amount: share }),
      });
      qc.setQueryData(options.queryKey, answer.bill);
      setPicked({});
      if (answer.payment) goToProvider(answer.payment);
      else
        setMessage(t('cart.party.waiterComing', { amount: money(answer.share.amount + answer.share.tip) }));
    } catch (e) {
      const body =
        e instanceof ApiRequestError
          ? (e.body as { bill?: StoreTableBill; code?: string; message_trans?: string } | null)
          : null;
      if (body?.bill) qc.setQueryData(options.queryKey, body.bill);
      setMessage(
        body?.code === 'bill_changed'
          ? t('cart.party.billChanged')
          : (body?.message_trans ?? t('cart.party.failed')),
      );
    } finally {
      setBusy(false);
    }
  };

  const byId = new Map(bill.guests.map((g) => [g.id, g]));
  return (
    <div className="stack" data-testid="table-bill">
      {returned === 'ok' && <p role="status">{t('cart.party.paymentReturned')}</p>}
      <dl className="stack" aria-label={t('cart.party.billSummary')}>
        <div className="row">
          <dt>{t('cart.party.total')}</dt>
          <dd data-testid="bill-total" data-minor={bill.total}>
            {money(bill.total)}
          </dd>
        </div>
        <div className="row">
          <dt>{t('cart.party.paid')}</dt>
          <dd data-testid="bill-paid" data-minor={bill.paid}>
            {money(bill.paid)}
          </dd>
        </div>
        <div className="row">
          <dt>{t('cart.party.pending')}</dt>
          <dd data-testid="bill-pending" data-minor={bill.pending}>
            {money(bill.pending)}
          </dd>
        </div>
        <div className="row">
          <dt>{t('cart.party.remaining')}</dt>
          <dd data-testid="bill-remaining" data-minor={bill.remaining}>
            {money(bill.remaining)}
          </dd>
        </div>
      </dl>
      {bill.closed || bill.settled ? (
        <p role="status" data-testid="bill-closed">
          {t('cart.party.paidInFull')}
        </p>
      ) : (
        <>
          <ChoiceCardGroup
            legend={t('cart.party.howToSplit')}
            name="split-mode"
            layout="grid"
            value={mode}
            onValueChange={(v) => setMode(v as Mode)}
          >
            {(['items', 'equal', 'custom'] as const).map((m) => (
              <ChoiceCard key={m} value={m} label={t(`cart.party.mode.${m}`)} />
            ))}
          </ChoiceCardGroup>
          {mode === 'items' && (
            <ul className="stack" aria-label={t('cart.party.billLines')}>
              {lines.map((l) => {
                const free = l.quantity - l.claimed_quantity;
                return (
                  <li key={l.id} className="row">
                    <label htmlFor={`claim-${l.id}`}>
                      {l.name}
                      {l.size ? ` /${l.size}/` : ''} × {l.quantity} · {money(l.amount)}
                      {l.claimed_quantity > 0 && (
                        <small className="muted">
                          {' '}
                          · {t('cart.party.claimed', { count: l.claimed_quantity })}
                        </small>
                      )}
                    </label>
                    <Select
                      id={`claim-${l.id}`}
                      value={String(picked[l.id] ?? 0)}
                      disabled={free === 0}
                      onValueChange={(v) => setPicked({ ...picked, [l.id]: Number(v) })}
                      options={Array.from({ length: free + 1 }, (_, q) => ({
                        value: String(q),
                        label: String(q),
                      }))}
                    />
                  </li>
                );
              })}
            </ul>
          )}
          {mode === 'equal' && (
            <div className="field">
              <label htmlFor="split-parts">{t('cart.party.people')}</label>
              <input
                id="split-parts"
                type="number"
                min={2}
                max={50}
                value={parts}
                onChange={(e) => setParts(Math.max(2, Math.min(50, Number(e.target.value) || 2)))}
              />
            </div>
          )}
          {mode === 'custom' && (
            <div className="field">
              <label htmlFor="split-amount">{t('cart.party.amount')}</label>
              <input
                id="split-amount"
                inputMode="decimal"
                value={custom}
                onChange={(e) => setCustom(e.target.value)}
              />
            </div>
          )}
          <ChoiceCardGroup
            legend={t('cart.party.tip')}
            name="tip"
            layout="grid"
            value={tipKind}
            onValueChange={setTipKind}
          >
            {[...TIP_PRESET_PERCENTS.map(String), 'custom'].map((k) => (
              <ChoiceCard
                key={k}
                value={k}
                label={
                  k === '0' ? t('cart.party.noTip') : k === 'custom' ? t('cart.party.customTip') : `${k} %`
                }
              />
            ))}
          </ChoiceCardGroup>
          {tipKind === 'custom' && (
            <input
              aria-label={t('cart.party.customTipPercent', { max: MAX_TIP_PERCENT })}
              inputMode="decimal"
              value={tipCustom}
              onChange={(e) => setTipCustom(e.target.value)}
            />
          )}
          <p data-testid="my-share">
            {t('cart.party.yourShare')}: <strong>{money(share)}</strong>
            {tipResult.ok && tipResult.value > 0 ? ` + ${t('cart.party.tip')} ${money(tipResult.value)}` : ''}
          </p>
          {!tipResult.ok && <p role="alert">{t('cart.party.tipTooHigh', { max: MAX_TIP_PERCENT })}</p>}
          {message && <p role="alert">{message}</p>}
          <div className="stack">
            <button
              type="button"
              className="button button-block"
              disabled={busy || share < 1 || !tipResult.ok}
              onClick={() => void pay('online')}
            >
              {t('cart.party.payOnline')}
            </button>
            <button
              type="button"
              className="button button-secondary button-block"
              disabled={busy || share < 1 || !tipResult.ok}
              onClick={() => void pay('cash')}
            >
              {t('cart.party.payCash')}
            </button>
            <button
              type="button"
              className="button button-secondary button-block"
              disabled={busy || share < 1 || !tipResult.ok}
              onClick={() => void pay('card')}
            >
              {t('cart.party.payCard')}
            </button>
          </div>
        </>
      )}
      {bill.shares.length > 0 && (
        <ul className="stack" aria-label={t('cart.party.shares')}>
          {bill.shares.map((s) => (
            <li key={s.id} data-testid="bill-share" data-status={s.status}>
              {guestLabel(t, byId.get(s.guest_id ?? 0))} · {money(s.amount)}
              {s.tip ? ` + ${money(s.tip)}` : ''} · {t(`cart.party.method.${s.method}`)} ·{' '}
              {t(`cart.party.status.${s.status}`)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
