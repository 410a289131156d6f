/**
 * Blocked guest devices (spec §6: ordering can be disallowed per device): the devices the waiters barred from the
 * board (its "block device" button), newest first, each with when it was blocked and its last order here (number,
 * table or room, name, time) so the admin knows whose it is; "Unblock" asks first, then the device may order again
 * and a toast says so.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { askConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { ErrorMessage } from '../../../components/ui/error-message.tsx';
import { PageLoading } from '../../../components/ui/page-loading.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { orderNumberLabel } from '@trapeza/domain/order-number';
import { blockedDevicesQuery, unblockDevice, type BlockedDeviceRow } from '../api/devices.ts';
import { useAdminPlace } from '../hooks/admin-place-store.ts';
import { useAdminT } from '../hooks/use-admin-texts.ts';
import { SaveStatus } from './form-parts.tsx';
import s from './admin.module.css';

export function DevicesPage() {
  const t = useAdminT();
  const { slug: place } = useAdminPlace();
  const queryClient = useQueryClient();
  const devices = useQuery(blockedDevicesQuery(place));
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  if (devices.isPending) return <PageLoading />;
  if (devices.error) return <ErrorMessage error={devices.error} onRetry={() => void devices.refetch()} />;

  const unblock = async (row: BlockedDeviceRow) => {
    const ok = await askConfirm({
      title: t('devices.confirmTitle'),
      message: t('devices.confirmMessage', { device: row.device_id }),
      confirmLabel: t('devices.unblock'),
      cancelLabel: t('common.cancel'),
    });
    if (!ok) return;
    setBusy(row.device_id);
    setError(null);
    try {
      await unblockDevice(row.device_id);
      await queryClient.invalidateQueries({ queryKey: blockedDevicesQuery(place).queryKey });
      showToast(t('devices.unblocked'));
    } catch (e) {
      setError(e);
    } finally {
      setBusy(null);
    }
  };

  const lastOrder = ({ last_order: o }: BlockedDeviceRow) =>
    o
      ? [
          orderNumberLabel(o.number, o.key),
          o.table
            ? t('devices.table', { table: o.table })
            : o.room_number
              ? t('devices.room', { room: o.room_number })
              : t(`orderTypes.${o.type}`, { defaultValue: '' }),
          o.client_name,
          new Date(o.created_at).toLocaleString(),
        ]
          .filter(Boolean)
          .join(' · ')
      : t('devices.noOrder');

  const rows = [...devices.data].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return (
    <section className={s.card} aria-labelledby="devices-title">
      <h2 id="devices-title">{t('devices.heading')}</h2>
      <p className={s.hint}>{t('devices.hint')}</p>
      {rows.length === 0 ? (
        <p>{t('devices.none')}</p>
      ) : (
        <table className={s.table}>
          <thead>
            <tr>
              <th scope="col">{t('devices.device')}</th>
              <th scope="col">{t('devices.lastOrder')}</th>
              <th scope="col">{t('devices.blockedAt')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('devices.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.device_id} data-device-id={row.device_id}>
                <td>
                  <code>{row.device_id}</code>
                </td>
                <td>{lastOrder(row)}</td>
                <td>{new Date(row.created_at).toLocaleString()}</td>
                <td>
                  <button
                    type="button"
                    className={s.btnGhost}
                    disabled={busy === row.device_id}
                    aria-label={t('devices.unblockDevice', { device: row.device_id })}
                    onClick={() => void unblock(row)}
                  >
                    {t('devices.unblock')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <SaveStatus error={error} saved={false} />
    </section>
  );
}
