/**
 * Change table (spec §2; §6 waiters): the guest — or a waiter logged in on the device — picks another table of the
 * place from GET tablesMenu (a room session: another room); POST tables/change_table moves the session with its
 * orders and the stored token gets the new table. Lazily loaded from the orders tab.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { updateOrderToken } from '../../../lib/order-token-cookie.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { changeTable, tablesMenuQueryOptions } from '../api/orders.ts';
import { Select } from '../../../components/ui/select.tsx';

const ERROR_TEXT: Record<string, string> = {
  change_table_not_allowed: 'cart.changeTableNotAllowed',
  invalid_table: 'cart.changeTableInvalid',
  'Invalid session': 'cart.errors.rescan',
};

export function ChangeTableModal({
  place,
  session,
  current,
  room,
  onClose,
}: {
  place: string;
  session: string;
  current: string | null;
  room: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const tables = useQuery(tablesMenuQueryOptions(place));
  const [tableId, setTableId] = useState('');
  const [state, setState] = useState<{ loading: boolean; message: string | null; done: boolean }>({
    loading: false,
    message: null,
    done: false,
  });
  const choices = (tables.data ?? []).filter((x) => (x.kind === 'room') === room && x.number !== current);

  const submit = async () => {
    if (!tableId) return;
    setState({ loading: true, message: null, done: false });
    try {
      const moved = await changeTable(place, { session, tableId: Number(tableId) });
      updateOrderToken({ table: moved.table, room_number: moved.room_number });
      void queryClient.invalidateQueries({ queryKey: ['session-orders'] });
      setState({ loading: false, message: t('cart.changeTableDone', { table: moved.table }), done: true });
    } catch (e) {
      const code = e instanceof ApiRequestError ? (e.body?.message ?? '') : '';
      if (code === 'Invalid session') useSessionStore.getState().clearOrderToken();
      setState({ loading: false, message: t(ERROR_TEXT[code] ?? 'cart.changeTableFailed'), done: false });
    }
  };

  return (
    <Modal open title={t('cart.changeTable')} onClose={onClose}>
      <div className="stack">
        {current && <p className="muted">{t('cart.atTable', { table: current })}</p>}
        {tables.isPending ? (
          <p className="muted">{t('common.loading')}</p>
        ) : (
          !state.done && (
            <div className="field">
              <label htmlFor="change-table-select">{t('cart.changeTableNew')}</label>
              <Select
                id="change-table-select"
                value={tableId}
                onValueChange={setTableId}
                options={[
                  { value: '', label: '—' },
                  ...choices.map((x) => ({
                    value: String(x.id),
                    label: `${x.number}${x.hall_name ? ` – ${x.hall_name}` : ''}`,
                  })),
                ]}
              />
            </div>
          )
        )}
        {state.message && (
          <p role={state.done ? 'status' : 'alert'} className={state.done ? undefined : 'alert'}>
            {state.message}
          </p>
        )}
        {state.done ? (
          <button type="button" className="button" onClick={onClose}>
            {t('common.close')}
          </button>
        ) : (
          <button
            type="button"
            className="button"
            disabled={!tableId || state.loading}
            onClick={() => void submit()}
          >
            {t('cart.changeTableConfirm')}
          </button>
        )}
      </div>
    </Modal>
  );
}
