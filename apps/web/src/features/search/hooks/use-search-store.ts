import { create } from 'zustand';

/** The search screen state of spec §2: an opened flag and the search text (kept while browsing results). */
export const useSearchStore = create<{
  opened: boolean;
  text: string;
  setOpened: (o: boolean) => void;
  setText: (t: string) => void;
}>((set) => ({
  opened: false,
  text: '',
  setOpened: (opened) => set({ opened }),
  setText: (text) => set({ text }),
}));
