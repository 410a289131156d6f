/**
 * Staff users and roles within the admin's reach (GET/POST/PATCH admin/users): the list with role, places and
 * state; a new account (invited by the reset e-mail when no password is given); role, places and names changed;
 * deactivation; the reset e-mail. Only roles the server lists as assignable are offered, and only accounts it
 * marks manageable get the buttons — the server checks every call again.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminStaffUsersResponse } from '@trapeza/domain/contracts/admin';
import { ErrorMessage } from '../../../components/ui/error-message.tsx';
import { PageLoading } from '../../../components/ui/page-loading.tsx';
import {
  createStaffUser,
  resetStaffPassword,
  staffUsersQuery,
  updateStaffUser,
  usersKeys,
  type AdminStaffUserRow,
} from '../api/users.ts';
import { useAdminPlace } from '../hooks/admin-place-store.ts';
import { useAdminT } from '../hooks/use-admin-texts.ts';
import { SaveStatus, TextInput } from './form-parts.tsx';
import s from './admin.module.css';

type Role = AdminStaffUserRow['role'];
const PLACE_LEVEL: readonly Role[] = ['PDF_MENU_ADMIN', 'WAITER', 'RASPBERRY_ADMIN', 'PLACE_ADMIN'];

interface Draft {
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  place_ids: number[];
  password: string;
}

export function UsersPage() {
  const t = useAdminT();
  const { slug: place } = useAdminPlace();
  const queryClient = useQueryClient();
  const list = useQuery(staffUsersQuery(place));
  const [editing, setEditing] = useState<AdminStaffUserRow | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  if (list.isPending) return <PageLoading />;
  if (list.error) return <ErrorMessage error={list.error} onRetry={() => void list.refetch()} />;
  const data = list.data;
  const placeName = new Map(data.places.map((p) => [p.id, p.name]));
  const refresh = () => queryClient.invalidateQueries({ queryKey: usersKeys.users(place) });

  const act = async (work: () => Promise<unknown>, done: string) => {
    setError(null);
    setNotice(null);
    try {
      await work();
      setNotice(done);
      await refresh();
    } catch (err) {
      setError(err);
    }
  };

  return (
    <section className={s.card}>
      <div className={s.row}>
        <h2 style={{ marginRight: 'auto' }}>{t('users.title')}</h2>
        {data.assignable_roles.length > 0 && (
          <button type="button" className={s.btnGhost} onClick={() => setEditing('new')}>
            {t('users.add')}
          </button>
        )}
      </div>
      <p className={s.hint}>{t('users.hint')}</p>
      {notice && (
        <p className={s.ok} role="status">
          {notice}
        </p>
      )}
      <SaveStatus error={error} saved={false} />
      {editing && (
        <UserForm
          key={editing === 'new' ? 'new' : editing.id}
          row={editing === 'new' ? null : editing}
          data={data}
          onCancel={() => setEditing(null)}
          onDone={async (message) => {
            setEditing(null);
            setNotice(message);
            await refresh();
          }}
        />
      )}
      <table className={s.table}>
        <thead>
          <tr>
            <th>{t('users.email')}</th>
            <th>{t('users.name')}</th>
            <th>{t('users.role')}</th>
            <th>{t('users.places')}</th>
            <th>{t('users.state')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {data.users.map((u) => (
            <tr key={u.id} className={u.active ? '' : s.inactive} data-email={u.email}>
              <td>{u.email}</td>
              <td>
                {u.first_name} {u.last_name}
              </td>
              <td>{t(`roles.${u.role}`)}</td>
              <td>
                {PLACE_LEVEL.includes(u.role)
                  ? u.place_ids.map((id) => placeName.get(id) ?? `#${id}`).join(', ')
                  : t('users.allPlaces')}
              </td>
              <td>{u.active ? t('users.active') : t('users.deactivated')}</td>
              <td>
                {u.manageable && (
                  <div className={s.row}>
                    <button type="button" className={s.btnGhost} onClick={() => setEditing(u)}>
                      {t('common.edit')}
                    </button>
                    <button
                      type="button"
                      className={u.active ? s.btnDanger : s.btnGhost}
                      onClick={() =>
                        void act(
                          () => updateStaffUser(u.id, { active: u.active ? 0 : 1 }),
                          u.active ? t('users.deactivatedNotice') : t('users.activatedNotice'),
                        )
                      }
                    >
                      {u.active ? t('users.deactivate') : t('users.activate')}
                    </button>
                    {u.active === 1 && (
                      <button
                        type="button"
                        className={s.btnGhost}
                        onClick={() => void act(() => resetStaffPassword(u.id), t('users.resetSent'))}
                      >
                        {t('users.reset')}
                      </button>
                    )}
                  </div>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function UserForm({
  row,
  data,
  onDone,
  onCancel,
}: {
  row: AdminStaffUserRow | null;
  data: AdminStaffUsersResponse;
  onDone: (message: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const t = useAdminT();
  const roles = data.assignable_roles;
  const [draft, setDraft] = useState<Draft>(() => ({
    email: row?.email ?? '',
    first_name: row?.first_name ?? '',
    last_name: row?.last_name ?? '',
    role: row?.role ?? roles[roles.length - 1] ?? 'WAITER',
    place_ids: row?.place_ids ?? (data.places.length === 1 ? [data.places[0]!.id] : []),
    password: '',
  }));
  const [error, setError] = useState<unknown>(null);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const needsPlaces = PLACE_LEVEL.includes(draft.role);
  const ok =
    draft.first_name.trim() !== '' &&
    (row !== null || /\S+@\S+\.\S+/.test(draft.email)) &&
    (!needsPlaces || draft.place_ids.length > 0) &&
    (draft.password === '' || draft.password.length >= 8);
  // An account's own role stays selectable even when the admin could not give it (no change then).
  const roleChoices = row && !roles.includes(row.role) ? [row.role, ...roles] : roles;

  const save = async () => {
    setError(null);
    try {
      const place_ids = needsPlaces ? draft.place_ids : [];
      if (row) {
        await updateStaffUser(row.id, {
          first_name: draft.first_name,
          last_name: draft.last_name,
          ...(draft.role !== row.role ? { role: draft.role } : {}),
          place_ids,
        });
        await onDone(t('users.savedNotice'));
      } else {
        const made = await createStaffUser({
          email: draft.email.trim(),
          first_name: draft.first_name,
          last_name: draft.last_name,
          role: draft.role,
          place_ids,
          ...(draft.password ? { password: draft.password } : {}),
        });
        await onDone(made.invited ? t('users.invitedNotice') : t('users.createdNotice'));
      }
    } catch (err) {
      setError(err);
    }
  };

  return (
    <form
      className={s.card}
      aria-label={row ? t('users.editTitle') : t('users.add')}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <div className={s.grid}>
        {row ? (
          <p>
            <strong>{row.email}</strong>
          </p>
        ) : (
          <TextInput
            label={t('users.email')}
            value={draft.email}
            required
            onChange={(v) => set('email', v)}
          />
        )}
        <TextInput
          label={t('users.firstName')}
          value={draft.first_name}
          required
          onChange={(v) => set('first_name', v)}
        />
        <TextInput
          label={t('users.lastName')}
          value={draft.last_name}
          onChange={(v) => set('last_name', v)}
        />
        <label className={s.field}>
          {t('users.role')}
          <select value={draft.role} onChange={(e) => set('role', e.target.value as Role)}>
            {roleChoices.map((r) => (
              <option key={r} value={r}>
                {t(`roles.${r}`)}
              </option>
            ))}
          </select>
        </label>
        {!row && (
          <label className={s.field}>
            {t('users.password')}
            <input
              type="password"
              autoComplete="new-password"
              value={draft.password}
              onChange={(e) => set('password', e.target.value)}
            />
            <span className={s.hint}>{t('users.passwordHint')}</span>
          </label>
        )}
      </div>
      {needsPlaces ? (
        <fieldset>
          <legend>{t('users.places')}</legend>
          {data.places.map((p) => (
            <label key={p.id} className={s.check}>
              <input
                type="checkbox"
                checked={draft.place_ids.includes(p.id)}
                onChange={(e) =>
                  set(
                    'place_ids',
                    e.target.checked
                      ? [...draft.place_ids, p.id]
                      : draft.place_ids.filter((id) => id !== p.id),
                  )
                }
              />
              {p.name}
            </label>
          ))}
        </fieldset>
      ) : (
        <p className={s.hint}>{t('users.allPlaces')}</p>
      )}
      <SaveStatus error={error} saved={false} />
      <div className={s.row}>
        <button type="submit" className={s.btn} disabled={!ok}>
          {t('common.save')}
        </button>
        <button type="button" className={s.btnGhost} onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
