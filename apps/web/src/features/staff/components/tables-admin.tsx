/**
 * Tables and rooms (PLACE_ADMIN and above): list, add, rename, change seats or hall, deactivate or reactivate,
 * a new QR token (confirmed: the old code stops working), the QR code on screen and the printable A4 sheet
 * (one table or all). The QR and PDF calls need the staff headers, so they are fetched and shown from blobs.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { AdminTable } from '@trapeza/domain/contracts/staff';
import { Modal } from '../../../components/ui/modal.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import {
  createTable,
  getHalls,
  getQrSheet,
  getTableQr,
  getTables,
  regenerateTableToken,
  updateTable,
  type AdminHall,
} from '../api/tables.ts';
import { staffErrorCode } from '../api/staff-request.ts';
import styles from './staff.module.css';
import { Select } from '../../../components/ui/select.tsx';

interface TablesAdminProps {
  place: string;
  lang: string;
  onUnauthorized: () => void;
  /** A waiter (issue 24): the tables and their QR codes to show and print, nothing to add, edit or regenerate. */
  readOnly?: boolean;
}

type Kind = 'table' | 'room';

export function TablesAdmin({ place, lang, onUnauthorized, readOnly = false }: TablesAdminProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const tablesKey = ['staff', 'tables', place];
  const tables = useQuery({ queryKey: tablesKey, queryFn: () => getTables(place) });
  const halls = useQuery({
    queryKey: ['staff', 'halls', place],
    queryFn: () => getHalls(place),
    enabled: !readOnly,
  });
  const [printError, setPrintError] = useState(false);
  const [regenerating, setRegenerating] = useState<AdminTable | null>(null);
  const [status, setStatus] = useState('');

  useEffect(() => {
    if (tables.error instanceof ApiRequestError && tables.error.status === 401) onUnauthorized();
  }, [tables.error, onUnauthorized]);

  const saved = (table: AdminTable, message: string) => {
    queryClient.setQueryData<AdminTable[]>(tablesKey, (list) => {
      if (!list) return [table];
      return list.some((x) => x.id === table.id)
        ? list.map((x) => (x.id === table.id ? table : x))
        : [...list, table];
    });
    void queryClient.invalidateQueries({ queryKey: ['staff', 'tablesMenu', place] });
    setStatus(message);
  };

  const regenerate = useMutation({
    mutationFn: (table: AdminTable) => regenerateTableToken(place, table.id),
    onSuccess: (table) => {
      saved(table, t('staff.tables.regenerated', { name: tableName(t, table) }));
      setRegenerating(null);
    },
  });

  const print = async (ids?: number[]) => {
    setPrintError(false);
    // Opened within the click so no pop-up blocker stops it; the sheet is put in once fetched.
    const win = window.open('', '_blank');
    try {
      const blob = await getQrSheet(place, lang, ids);
      const url = URL.createObjectURL(blob);
      if (win) win.location.href = url;
      else window.location.href = url;
    } catch {
      win?.close();
      setPrintError(true);
    }
  };

  const list = tables.data ?? [];
  return (
    <div className={styles.tablesPage}>
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
      {!readOnly && (
        <AddTableForm
          place={place}
          halls={halls.data ?? []}
          onCreated={(table) => saved(table, t('staff.tables.added', { name: tableName(t, table) }))}
        />
      )}

      <div className={styles.toolbar}>
        <h2 className={styles.sectionTitle}>{t('staff.tables.list')}</h2>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void print()}
          disabled={list.length === 0}
        >
          {t('staff.tables.printAll')}
        </button>
      </div>
      {printError && (
        <p role="alert" className={styles.error}>
          {t('staff.tables.printFailed')}
        </p>
      )}
      {tables.isPending && <p className={styles.muted}>{t('staff.board.loading')}</p>}
      {tables.isError && (
        <p role="alert" className={styles.error}>
          {t('staff.tables.loadFailed')}{' '}
          <button type="button" className="button" onClick={() => void tables.refetch()}>
            {t('staff.common.retry')}
          </button>
        </p>
      )}
      {tables.isSuccess && list.length === 0 && <p className={styles.muted}>{t('staff.tables.empty')}</p>}
      <ul className={styles.tableList}>
        {list.map((table) => (
          <TableRow
            key={table.id}
            place={place}
            table={table}
            halls={halls.data ?? []}
            onSaved={(tb) => saved(tb, t('staff.tables.saved'))}
            onRegenerate={() => setRegenerating(table)}
            onPrint={() => void print([table.id])}
            readOnly={readOnly}
          />
        ))}
      </ul>

      <Modal
        open={regenerating !== null}
        title={regenerating ? t('staff.tables.regenerateTitle', { name: tableName(t, regenerating) }) : ''}
        onClose={() => setRegenerating(null)}
      >
        <p>{t('staff.tables.regenerateText')}</p>
        {regenerate.isError && (
          <p role="alert" className={styles.error}>
            {t('staff.tables.error')}
          </p>
        )}
        <div className={styles.actions}>
          <button
            type="button"
            className={`button ${styles.dangerSolid}`}
            disabled={regenerate.isPending}
            onClick={() => regenerating && regenerate.mutate(regenerating)}
          >
            {t('staff.tables.regenerateConfirm')}
          </button>
          <button type="button" className="button button-secondary" onClick={() => setRegenerating(null)}>
            {t('staff.common.cancel')}
          </button>
        </div>
      </Modal>
    </div>
  );
}

function tableName(t: TFunction, table: Pick<AdminTable, 'kind' | 'number'>) {
  return t(table.kind === 'room' ? 'staff.order.room' : 'staff.order.table', { number: table.number });
}

/** A table's hall: none, or one of the venue's halls. */
function hallOptions(t: TFunction, halls: readonly AdminHall[]) {
  return [
    { value: '', label: t('staff.tables.noHall') },
    ...halls.map((h) => ({ value: String(h.id), label: h.name })),
  ];
}

function errorText(t: TFunction, error: unknown): string {
  return staffErrorCode(error) === 'table_number_taken'
    ? t('staff.tables.numberTaken')
    : t('staff.tables.error');
}

function AddTableForm({
  place,
  halls,
  onCreated,
}: {
  place: string;
  halls: AdminHall[];
  onCreated: (table: AdminTable) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [number, setNumber] = useState('');
  const [kind, setKind] = useState<Kind>('table');
  const [seats, setSeats] = useState('4');
  const [hall, setHall] = useState('');
  const create = useMutation({
    mutationFn: () =>
      createTable(place, {
        number: number.trim(),
        kind,
        seats: Number(seats) || 0,
        hallId: hall === '' ? null : Number(hall),
      }),
    onSuccess: (table) => {
      setNumber('');
      onCreated(table);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (number.trim()) create.mutate();
  };
  return (
    <form className={styles.addForm} onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        {t('staff.tables.addTitle')}
      </h2>
      <div className={styles.formRow}>
        <div className="field">
          <label htmlFor={`${id}-number`}>{t('staff.tables.number')}</label>
          <input
            id={`${id}-number`}
            value={number}
            maxLength={20}
            required
            onChange={(e) => setNumber(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-kind`}>{t('staff.tables.kind')}</label>
          <Select
            id={`${id}-kind`}
            value={kind}
            onValueChange={(v) => setKind(v as Kind)}
            options={[
              { value: 'table', label: t('staff.tables.kindTable') },
              { value: 'room', label: t('staff.tables.kindRoom') },
            ]}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-seats`}>{t('staff.tables.seats')}</label>
          <input
            id={`${id}-seats`}
            type="number"
            inputMode="numeric"
            min={0}
            max={500}
            value={seats}
            onChange={(e) => setSeats(e.target.value)}
          />
        </div>
        {halls.length > 0 && (
          <div className="field">
            <label htmlFor={`${id}-hall`}>{t('staff.tables.hall')}</label>
            <Select id={`${id}-hall`} value={hall} onValueChange={setHall} options={hallOptions(t, halls)} />
          </div>
        )}
        <button type="submit" className="button" disabled={create.isPending}>
          {t('staff.tables.add')}
        </button>
      </div>
      {create.isError && (
        <p role="alert" className={styles.error}>
          {errorText(t, create.error)}
        </p>
      )}
    </form>
  );
}

function TableRow({
  place,
  table,
  halls,
  onSaved,
  onRegenerate,
  onPrint,
  readOnly,
}: {
  place: string;
  table: AdminTable;
  halls: AdminHall[];
  onSaved: (table: AdminTable) => void;
  onRegenerate: () => void;
  onPrint: () => void;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [showQr, setShowQr] = useState(false);
  const [number, setNumber] = useState(table.number);
  const [seats, setSeats] = useState(String(table.seats));
  const [hall, setHall] = useState(table.hall_id === null ? '' : String(table.hall_id));
  const update = useMutation({
    mutationFn: (body: Parameters<typeof updateTable>[2]) => updateTable(place, table.id, body),
    onSuccess: (updated) => {
      setEditing(false);
      onSaved(updated);
    },
  });
  const name = tableName(t, table);
  const headingId = `${id}-name`;
  return (
    <li
      className={`${styles.tableRow} ${table.active ? '' : styles.inactive}`}
      aria-labelledby={headingId}
      data-table-id={table.id}
    >
      <div className={styles.tableHead}>
        <h3 id={headingId} className={styles.cardTitle}>
          {name}
        </h3>
        <span className={styles.muted}>
          {t('staff.tables.seatsCount', { count: table.seats })}
          {table.hall_name ? ` · ${table.hall_name}` : ''}
          {' · '}
          {table.active ? t('staff.tables.active') : t('staff.tables.inactive')}
        </span>
      </div>
      {editing ? (
        <form
          className={styles.formRow}
          onSubmit={(e) => {
            e.preventDefault();
            if (!number.trim()) return;
            update.mutate({
              number: number.trim(),
              seats: Number(seats) || 0,
              hallId: hall === '' ? null : Number(hall),
            });
          }}
        >
          <div className="field">
            <label htmlFor={`${id}-number`}>{t('staff.tables.number')}</label>
            <input
              id={`${id}-number`}
              value={number}
              maxLength={20}
              required
              onChange={(e) => setNumber(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-seats`}>{t('staff.tables.seats')}</label>
            <input
              id={`${id}-seats`}
              type="number"
              inputMode="numeric"
              min={0}
              max={500}
              value={seats}
              onChange={(e) => setSeats(e.target.value)}
            />
          </div>
          {halls.length > 0 && (
            <div className="field">
              <label htmlFor={`${id}-hall`}>{t('staff.tables.hall')}</label>
              <Select
                id={`${id}-hall`}
                value={hall}
                onValueChange={setHall}
                options={hallOptions(t, halls)}
              />
            </div>
          )}
          <button type="submit" className="button" disabled={update.isPending}>
            {t('staff.common.save')}
          </button>
          <button type="button" className="button button-secondary" onClick={() => setEditing(false)}>
            {t('staff.common.cancel')}
          </button>
        </form>
      ) : (
        <div className={styles.actions}>
          {!readOnly && (
            <button
              type="button"
              className="button button-secondary"
              aria-label={t('staff.tables.editLabel', { name })}
              onClick={() => setEditing(true)}
            >
              {t('staff.tables.edit')}
            </button>
          )}
          <button
            type="button"
            className="button button-secondary"
            aria-expanded={showQr}
            aria-label={t(showQr ? 'staff.tables.hideQrLabel' : 'staff.tables.showQrLabel', { name })}
            onClick={() => setShowQr((v) => !v)}
            disabled={!table.active}
          >
            {showQr ? t('staff.tables.hideQr') : t('staff.tables.showQr')}
          </button>
          <button
            type="button"
            className="button button-secondary"
            aria-label={t('staff.tables.printLabel', { name })}
            onClick={onPrint}
            disabled={!table.active}
          >
            {t('staff.tables.print')}
          </button>
          {!readOnly && (
            <>
              <button
                type="button"
                className="button button-secondary"
                aria-label={t('staff.tables.regenerateLabel', { name })}
                onClick={onRegenerate}
              >
                {t('staff.tables.regenerate')}
              </button>
              <button
                type="button"
                className={`button button-secondary ${table.active ? styles.danger : ''}`}
                aria-label={t(
                  table.active ? 'staff.tables.deactivateLabel' : 'staff.tables.reactivateLabel',
                  {
                    name,
                  },
                )}
                disabled={update.isPending}
                onClick={() => update.mutate({ active: table.active ? 0 : 1 })}
              >
                {table.active ? t('staff.tables.deactivate') : t('staff.tables.reactivate')}
              </button>
            </>
          )}
        </div>
      )}
      {update.isError && (
        <p role="alert" className={styles.error}>
          {errorText(t, update.error)}
        </p>
      )}
      {showQr && table.active === 1 && <QrImage place={place} table={table} name={name} />}
    </li>
  );
}

/** The QR code from `qr.svg`, fetched with the staff headers into a data URL; refetched when the token changes. */
function QrImage({ place, table, name }: { place: string; table: AdminTable; name: string }) {
  const { t } = useTranslation();
  const qr = useQuery({
    queryKey: ['staff', 'qr', place, table.id, table.token],
    queryFn: async () => {
      const svg = await (await getTableQr(place, table.id)).text();
      return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
    },
    staleTime: Infinity,
  });
  return (
    <figure className={styles.qr}>
      {qr.data ? (
        <img src={qr.data} alt={t('staff.tables.qrAlt', { name })} width={200} height={200} />
      ) : null}
      {qr.isError && (
        <p role="alert" className={styles.error}>
          {t('staff.tables.error')}
        </p>
      )}
      <figcaption>
        <a href={table.qr_url} target="_blank" rel="noreferrer">
          {table.qr_url}
        </a>
      </figcaption>
    </figure>
  );
}
