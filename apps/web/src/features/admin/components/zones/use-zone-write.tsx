/** A zones-page write: runs it, shows saved or the error, and refreshes the place's order types and regions. */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { TimeField } from '../../../../components/ui/date-time-field.tsx';
import { SaveStatus } from '../form-parts.tsx';

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
  return <TimeField label={label} value={value ?? ''} onChange={(v) => onChange(v === '' ? null : v)} />;
}
