/**
 * Staff users and roles within the admin's reach (GET/POST/PATCH admin/users): the list with role, places and
 * state; a new account (invited by the reset e-mail when no password is given); role, places and names changed;
 * deactivation; the reset e-mail. Only roles the server lists as assignable are offered, and only accounts it
 * marks manageable get the buttons — the server checks every call again.
 */
import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminStaffUsersResponse } from '@trapeza/domain/contracts/admin';
import { ErrorMessage } from '../../../components/ui/error-message.tsx';
import { PageLoading } from '../../../components/ui/page-loading.tsx';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { ChoiceCard, ChoiceCardGroup } from '../../../components/ui/choice-card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes.ts';
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
import { useTableLabels } from '../hooks/use-table-labels.ts';
import { SaveStatus } from './form-parts.tsx';
import s from './admin.module.css';
import { Select } from '../../../components/ui/select.tsx';

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
  const labels = useTableLabels();
  const columns = useMemo<Column<AdminStaffUserRow>[]>(() => {
    const placeName = new Map((list.data?.places ?? []).map((p) => [p.id, p.name]));
    const placesOf = (u: AdminStaffUserRow) =>
      PLACE_LEVEL.includes(u.role)
        ? u.place_ids.map((id) => placeName.get(id) ?? `#${id}`).join(', ')
        : t('users.allPlaces');
    const name = (u: AdminStaffUserRow) => `${u.first_name} ${u.last_name}`.trim();
    return [
      { id: 'email', header: t('users.email'), cell: (u) => u.email, sortValue: (u) => u.email },
      { id: 'name', header: t('users.name'), cell: name, sortValue: name },
      {
        id: 'role',
        header: t('users.role'),
        cell: (u) => t(`roles.${u.role}`),
        sortValue: (u) => t(`roles.${u.role}`),
      },
      { id: 'places', header: t('users.places'), cell: placesOf, sortValue: placesOf },
      {
        id: 'state',
        header: t('users.state'),
        cell: (u) => (u.active ? t('users.active') : t('users.deactivated')),
        sortValue: (u) => u.active,
      },
      {
        id: 'actions',
        header: '',
        cell: (u) =>
          u.manageable && (
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
          ),
      },
    ];
    // act closes over state setters only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list.data, t]);
  if (list.isPending) return <PageLoading />;
  if (list.error) return <ErrorMessage error={list.error} onRetry={() => void list.refetch()} />;
  const data = list.data;
  const placeName = new Map(data.places.map((p) => [p.id, p.name]));
  const placesOf = (u: AdminStaffUserRow) =>
    PLACE_LEVEL.includes(u.role)
      ? u.place_ids.map((id) => placeName.get(id) ?? `#${id}`).join(', ')
      : t('users.allPlaces');
  const refresh = () => queryClient.invalidateQueries({ queryKey: usersKeys.users(place) });

  const act = async (work: () => Promise<unknown>, done: string) => {
    setError(null);
    setNotice(null);
    try {
      await work();
      setNotice(done);
      showToast(done);
      await refresh();
    } catch (err) {
      setError(err);
    }
  };

  return (
    <section className={s.card}>
      <div className={s.row}>
        <p className={s.hint} style={{ marginRight: 'auto' }}>
          {t('users.hint')}
        </p>
        {data.assignable_roles.length > 0 && (
          <button type="button" className={s.btnGhost} onClick={() => setEditing('new')}>
            {t('users.add')}
          </button>
        )}
      </div>
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
            showToast(message);
            await refresh();
          }}
        />
      )}
      <DataTable
        rows={data.users}
        columns={columns}
        rowKey={(u) => u.id}
        labels={labels}
        caption={t('users.title')}
        initialSort={{ id: 'email', dir: 'asc' }}
        searchText={(u) => `${u.email} ${u.first_name} ${u.last_name} ${t(`roles.${u.role}`)} ${placesOf(u)}`}
        rowProps={(u) => ({ className: u.active ? undefined : s.inactive, 'data-email': u.email })}
      />
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
  const [touched, setTouched] = useState(false);
  // Save was pressed: every problem shows, not only those of fields already left.
  const [tried, setTried] = useState(false);
  useUnsavedChanges(touched);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => {
    setTouched(true);
    setDraft((d) => ({ ...d, [k]: v }));
  };
  const needsPlaces = PLACE_LEVEL.includes(draft.role);
  const problems = {
    email:
      row !== null
        ? null
        : draft.email.trim() === ''
          ? t('validation.required')
          : /^\S+@\S+\.\S+$/.test(draft.email.trim())
            ? null
            : t('validation.email'),
    first_name: draft.first_name.trim() === '' ? t('validation.required') : null,
    password: draft.password === '' || draft.password.length >= 8 ? null : t('validation.password'),
    places: needsPlaces && draft.place_ids.length === 0 ? t('validation.places') : null,
  };
  const ok = Object.values(problems).every((p) => p === null);
  // An account's own role stays selectable even when the admin could not give it (no change then).
  const roleChoices = row && !roles.includes(row.role) ? [row.role, ...roles] : roles;

  const save = async () => {
    setTried(true);
    if (!ok) return;
    setError(null);
    try {
      const place_ids = needsPlaces ? draft.place_ids : [];
      setTouched(false);
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
      setTouched(true);
      setError(err);
    }
  };

  return (
    <form
      className={s.card}
      noValidate
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
          <Field label={t('users.email')} error={problems.email} showError={tried}>
            <input
              type="email"
              autoComplete="off"
              aria-required
              value={draft.email}
              onChange={(e) => set('email', e.target.value)}
            />
          </Field>
        )}
        <Field label={t('users.firstName')} error={problems.first_name} showError={tried}>
          <input aria-required value={draft.first_name} onChange={(e) => set('first_name', e.target.value)} />
        </Field>
        <Field label={t('users.lastName')}>
          <input value={draft.last_name} onChange={(e) => set('last_name', e.target.value)} />
        </Field>
        <Field label={t('users.role')}>
          <Select
            value={draft.role}
            onValueChange={(v) => set('role', v as Role)}
            options={roleChoices.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
          />
        </Field>
        {!row && (
          <Field
            label={t('users.password')}
            hint={t('users.passwordHint')}
            error={problems.password}
            showError={tried}
          >
            <input
              type="password"
              autoComplete="new-password"
              value={draft.password}
              onChange={(e) => set('password', e.target.value)}
            />
          </Field>
        )}
      </div>
      {needsPlaces ? (
        <ChoiceCardGroup
          legend={t('users.places')}
          type="checkbox"
          layout="grid"
          dense
          error={tried ? problems.places : undefined}
        >
          {data.places.map((p) => (
            <ChoiceCard
              key={p.id}
              label={p.name}
              checked={draft.place_ids.includes(p.id)}
              onChange={(e) =>
                set(
                  'place_ids',
                  e.target.checked ? [...draft.place_ids, p.id] : draft.place_ids.filter((id) => id !== p.id),
                )
              }
            />
          ))}
        </ChoiceCardGroup>
      ) : (
        <p className={s.hint}>{t('users.allPlaces')}</p>
      )}
      <SaveStatus error={error} saved={false} />
      <div className={s.row}>
        <button type="submit" className={s.btn}>
          {t('common.save')}
        </button>
        <button type="button" className={s.btnGhost} onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
