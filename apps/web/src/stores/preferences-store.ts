/**
 * Guest preferences kept on the device (beyond the spec): the allergens the guest avoids, and whether products
 * containing them are hidden or only marked. Stored next to the language choice, in localStorage.
 */
import { create } from 'zustand';
import { readJson, writeJson } from '../lib/storage.ts';

const KEY = 'trapeza_preferences';

interface StoredPreferences {
  avoidAllergens: number[];
  hideAvoided: boolean;
}

interface PreferencesState extends StoredPreferences {
  toggleAllergen: (id: number) => void;
  clearAllergens: () => void;
  setHideAvoided: (hide: boolean) => void;
}

const initial = readJson<StoredPreferences>(KEY, { avoidAllergens: [], hideAvoided: false });

export const usePreferencesStore = create<PreferencesState>((set, get) => {
  const persist = () =>
    writeJson(KEY, { avoidAllergens: get().avoidAllergens, hideAvoided: get().hideAvoided });
  return {
    avoidAllergens: Array.isArray(initial.avoidAllergens) ? initial.avoidAllergens : [],
    hideAvoided: initial.hideAvoided === true,
    toggleAllergen: (id) => {
      const list = get().avoidAllergens;
      set({ avoidAllergens: list.includes(id) ? list.filter((x) => x !== id) : [...list, id] });
      persist();
    },
    clearAllergens: () => {
      set({ avoidAllergens: [] });
      persist();
    },
    setHideAvoided: (hideAvoided) => {
      set({ hideAvoided });
      persist();
    },
  };
});
