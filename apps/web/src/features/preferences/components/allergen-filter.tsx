/**
 * Allergen filter (beyond the spec): the guest marks the allergens to avoid; products containing them are
 * marked, or hidden when the guest asks. Kept on the device with the language choice.
 */
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoreAllergen } from '@trapeza/domain/contracts/menu';
import { translateField } from '@trapeza/domain/i18n';
import { Chip, ChipGroup } from '../../../components/ui/chip.tsx';
import { ChoiceCard } from '../../../components/ui/choice-card.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { usePreferencesStore } from '../../../stores/preferences-store.ts';
import styles from './preferences.module.css';
import { AllergenIcon } from '../../../components/ui/icons.tsx';
import { PageLoading } from '../../../components/ui/page-loading.tsx';
import { useMenu } from '../../../hooks/use-menu.ts';

/** The panel of a page sent without the menu, opened before the menu arrived: waits for it. */
function MenuAllergenPanel({ lang }: { lang: string }) {
  const menu = useMenu();
  return <AllergenFilterPanel allergens={menu.allergens} lang={lang} />;
}

export function AllergenFilterPanel({ allergens, lang }: { allergens: StoreAllergen[]; lang: string }) {
  const { t } = useTranslation();
  const avoid = usePreferencesStore((s) => s.avoidAllergens);
  const toggle = usePreferencesStore((s) => s.toggleAllergen);
  const clear = usePreferencesStore((s) => s.clearAllergens);
  const hideAvoided = usePreferencesStore((s) => s.hideAvoided);
  const setHideAvoided = usePreferencesStore((s) => s.setHideAvoided);
  return (
    <div>
      <p>{t('allergenFilter.intro')}</p>
      <ChipGroup label={t('allergenFilter.title')}>
        {allergens.map((a) => (
          <Chip
            key={a.id}
            pressed={avoid.includes(a.id)}
            onPressedChange={() => toggle(a.id)}
            icon={a.image ? <img src={a.image} alt="" width={24} height={24} /> : undefined}
          >
            {translateField(a, 'name', lang)}
          </Chip>
        ))}
      </ChipGroup>
      <ChoiceCard
        type="checkbox"
        className={styles.hide}
        label={t('allergenFilter.hide')}
        checked={hideAvoided}
        onChange={(e) => setHideAvoided(e.target.checked)}
      />
      {avoid.length > 0 && (
        <button type="button" className="button button-secondary" onClick={clear}>
          {t('allergenFilter.clear')}
        </button>
      )}
    </div>
  );
}

/** `allergens` null: the menu is not there yet (see AllergenTool in place-layout.tsx). */
export function AllergenFilterButton({
  allergens,
  lang,
}: {
  allergens: StoreAllergen[] | null;
  lang: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const count = usePreferencesStore((s) => s.avoidAllergens.length);
  if (allergens?.length === 0) return null;
  return (
    <>
      <button
        type="button"
        className="icon-button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={count > 0 ? t('allergenFilter.buttonActive', { count }) : t('allergenFilter.button')}
      >
        <AllergenIcon />
        {count > 0 && <span className="badge">{count}</span>}
      </button>
      <Modal open={open} title={t('allergenFilter.title')} onClose={() => setOpen(false)}>
        {allergens ? (
          <AllergenFilterPanel allergens={allergens} lang={lang} />
        ) : (
          <Suspense fallback={<PageLoading />}>
            <MenuAllergenPanel lang={lang} />
          </Suspense>
        )}
        <button type="button" className="button" onClick={() => setOpen(false)}>
          {t('common.done')}
        </button>
      </Modal>
    </>
  );
}
