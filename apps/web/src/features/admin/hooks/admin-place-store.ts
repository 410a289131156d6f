/**
 * The place the admin edits (chosen from GET admin/places), kept in localStorage so a reload stays on it. Separate
 * from the guest's opened place (session store): browsing /bistro in another tab never changes what the admin edits.
 */
import { create } from 'zustand';
import { readJson, writeJson } from '../../../lib/storage.ts';

export interface AdminPlaceChoice {
  slug: string;
  clientSlug: string;
  name: string;
}

const KEY = 'trapeza_admin_place';

interface AdminPlaceState {
  place: AdminPlaceChoice | null;
  choose: (place: AdminPlaceChoice | null) => void;
}

export const useAdminPlaceStore = create<AdminPlaceState>((set) => ({
  place: readJson<AdminPlaceChoice | null>(KEY, null),
  choose: (place) => {
    writeJson(KEY, place);
    set({ place });
  },
}));

/** The chosen place; admin screens under the shell only render once one is chosen. */
export function useAdminPlace(): AdminPlaceChoice {
  const place = useAdminPlaceStore((s) => s.place);
  if (!place) throw new Error('No admin place chosen');
  return place;
}
