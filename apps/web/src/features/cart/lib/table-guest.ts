/**
 * This phone's guest at a table session (issue 19): the key the join call answered, kept in localStorage per
 * session (`table_guest:{session}`), so a reload keeps the guest, its name and its lines.
 */
import { readJson, writeJson } from '../../../lib/storage.ts';

export interface TableGuest {
  id: number;
  key: string;
}

const keyOf = (session: string) => `table_guest:${session}`;

export const readTableGuest = (session: string): TableGuest | null =>
  readJson<TableGuest | null>(keyOf(session), null);

export const writeTableGuest = (session: string, guest: TableGuest): void => writeJson(keyOf(session), guest);
