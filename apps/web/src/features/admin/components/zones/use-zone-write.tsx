/** A zones-page write: runs it, shows saved or the error, and refreshes the place's order types and regions. */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SaveStatus } from '../form-parts.tsx';
import s from '../admin.module.css';

export function useZoneWrite(place: string) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const run = async (write: () => Promise<unknown>) => {
    setError(null);
    setSaved(false);
    try {
      await write();
      setSaved(true);
      await queryClient.invalidateQueries({ queryKey: ['admin', place] });
    } catch (err) {
      setError(err);
    }
  };
  return { run, status: <SaveStatus error={error} saved={saved} /> };
}

/** A clock time (HH:MM) or nothing. */
export function TimeInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | null;
  onChange: (v: string | null) => void;
}) {
  return (
    <label className={s.field}>
      {label}
      <input
        type="time"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
      />
    </label>
  );
}
