/**
 * Product page body (spec §2): image with lightbox, name, description, variants with price (old price struck
 * through, second currency), required ingredient as a radio choice, addable and removable ingredients as
 * checkboxes with prices (radio and checkbox cards: ChoiceCard, issue 21 #2), the quantity, comment box, allergens,
 * add-to-cart at top/bottom/both or hidden, and the note when the category does not allow ordering. Choice limits
 * are the domain's rules.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoreIngredient, StoreProduct } from '@trapeza/domain/contracts/menu';
import type { CartLineIngredients } from '@trapeza/domain/cart';
import { MAX_COMMENT_LENGTH } from '@trapeza/domain/cart';
import { translateField } from '@trapeza/domain/i18n';
import {
  checkAddableSelection,
  resolveVariant,
  toggleAddableIngredient,
  type IngredientRuleError,
} from '@trapeza/domain/ingredients';
import { formatPrice, type VenueCurrency } from '@trapeza/domain/money';
import { AllergenList } from '../../../components/ui/allergen-list.tsx';
import { ChoiceCard, ChoiceCardGroup } from '../../../components/ui/choice-card.tsx';
import { Lightbox } from '../../../components/ui/lightbox.tsx';
import { Price } from '../../../components/ui/price.tsx';
import { Stepper } from '../../../components/ui/stepper.tsx';
import { useHydrated } from '../../../hooks/use-hydrated.ts';
import { shownVariantPrice } from '../../../lib/product-price.ts';
import styles from './product-detail.module.css';
import { decorativePicture } from '../../../components/ui/broken-image.ts';

/** The most units one add puts in the cart (a guest ordering for a table; more is a typo). */
const MAX_ADD_QUANTITY = 99;

export interface ProductDetailProps {
  product: StoreProduct;
  ingredients: StoreIngredient[];
  lang: string;
  currency: VenueCurrency;
  priceContext: Parameters<typeof shownVariantPrice>[2];
  avoidAllergens: number[];
  orderAllowed: boolean;
  addToCartHidden: boolean;
  addToCartPosition: 'top' | 'bottom' | 'both';
  /** `quantity` units of the chosen line (the stepper's, one by default). */
  onAdd: (variantId: number, chosen: CartLineIngredients, comment: string, quantity: number) => void;
  /** Inside the product sheet: the sheet's title names it (no page heading), the picture is a small banner. */
  inSheet?: boolean;
}

export function ProductDetail(props: ProductDetailProps) {
  const { product, ingredients, lang, currency, priceContext, avoidAllergens, orderAllowed } = props;
  const { t } = useTranslation();
  // On a server-rendered page the form waits for the app: a choice made before would not reach its state, and the
  // add button would submit the form to the server.
  const live = useHydrated();
  const formId = useId();
  const [zoom, setZoom] = useState(false);
  const variants = product.product_variants;
  const [variantId, setVariantId] = useState<number | null>(
    variants.length === 1 ? (variants[0]?.id ?? null) : null,
  );
  const byId = new Map(ingredients.map((i) => [i.id, i]));
  const refs = (type: 'required' | 'addable' | 'removable') =>
    product.product_ingredients
      .filter((r) => r.type === type)
      .map((r) => byId.get(r.ingredientId))
      .filter((i): i is StoreIngredient => i !== undefined && i.active === 1);
  const required = refs('required');
  const addable = refs('addable');
  const removable = refs('removable');
  const [requiredId, setRequiredId] = useState<number>(required[0]?.id ?? 0);
  const [added, setAdded] = useState<number[]>([]);
  const [removed, setRemoved] = useState<number[]>([]);
  const [comment, setComment] = useState('');
  const [quantity, setQuantity] = useState(1);
  const [problem, setProblem] = useState<IngredientRuleError | null>(null);
  // Which add button was pressed: its alert shows beside it, not 900 px away at the form's end (issue 24).
  const [problemAt, setProblemAt] = useState<'top' | 'bottom'>('bottom');

  const name = translateField(product, 'name', lang);
  const description = translateField(product, 'description', lang);
  const image = product.product_images[0];
  const outOfStock = product.in_stock === 0;
  const canOrder = orderAllowed && !outOfStock;
  const showButton = !props.addToCartHidden && canOrder;

  const problemText = (p: IngredientRuleError) =>
    p.key === 'variant_not_choosed'
      ? t('product.variantNotChosen')
      : t(`product.${p.key}`, { value: p.value });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const submitter = (e.nativeEvent as SubmitEvent).submitter;
    setProblemAt(submitter instanceof HTMLElement && submitter.dataset.where === 'top' ? 'top' : 'bottom');
    const v = resolveVariant(
      variants.map((x) => x.id),
      variantId,
    );
    if (!v.ok) return setProblem(v.error);
    const check = checkAddableSelection(added.length, product);
    if (!check.ok) return setProblem(check.error);
    setProblem(null);
    props.onAdd(
      v.value,
      { required: requiredId, addable: added, removable: removed },
      comment.trim(),
      quantity,
    );
  };

  const addButton = (where: 'top' | 'bottom') => (
    <button type="submit" form={formId} className="button button-block" disabled={!live} data-where={where}>
      {t('cart.add')}
    </button>
  );
  const alert = (where: 'top' | 'bottom') =>
    problem && problemAt === where ? (
      <p role="alert" className="alert">
        {problemText(problem)}
      </p>
    ) : null;

  return (
    <article
      className={props.inSheet ? `${styles.product} ${styles.inSheet}` : styles.product}
      aria-labelledby={props.inSheet ? undefined : `${formId}-title`}
    >
      {image && (
        <div className={styles.media}>
          <button
            type="button"
            className={styles.imageButton}
            disabled={!live}
            onClick={() => setZoom(true)}
            aria-label={t('product.zoomImage', { name })}
          >
            <img
              {...decorativePicture(name, image.path)}
              width={image.width ?? 800}
              height={image.height ?? 600}
              fetchPriority="high"
              style={{ objectPosition: `50% ${product.image_position_y}%` }}
            />
          </button>
          {zoom && (
            <Lightbox images={product.product_images} alt={name} open={zoom} onClose={() => setZoom(false)} />
          )}
        </div>
      )}
      <div className={styles.info}>
        {!props.inSheet && (
          <h1 id={`${formId}-title`} dir="auto">
            {name}
          </h1>
        )}
        {product.label && <span className={styles.label}>{translateField(product, 'label', lang)}</span>}
        {outOfStock && <p className={styles.out}>{t('product.outOfStock')}</p>}
        {!orderAllowed && (
          <p className={styles.note} role="note">
            {t('product.orderingDisabled')}
          </p>
        )}
        {showButton && props.addToCartPosition !== 'bottom' && addButton('top')}
        {alert('top')}
        {description && <p className={styles.description}>{description}</p>}
        <AllergenList allergens={product.allergens} lang={lang} avoid={avoidAllergens} />
        {product.minimum_durability != null && product.minimum_durability > 0 && (
          <p className={styles.meta}>
            {t('product.minimumDurability', { count: product.minimum_durability })}
          </p>
        )}
        <form id={formId} onSubmit={submit} className={styles.form} noValidate>
          {product.hide_variants !== 1 &&
            variants.length > 0 &&
            (variants.length > 1 && canOrder ? (
              <ChoiceCardGroup
                legend={t('product.variants')}
                name="variant"
                value={variantId == null ? '' : String(variantId)}
                onValueChange={(value) => setVariantId(Number(value))}
              >
                {variants.map((v) => {
                  const shown = shownVariantPrice(product, v, priceContext);
                  return (
                    <ChoiceCard
                      key={v.id}
                      value={v.id}
                      pending={!live}
                      label={translateField(v, 'size', lang) || name}
                      aside={
                        <Price
                          amount={shown.price}
                          oldAmount={shown.oldPrice}
                          currency={currency}
                          lang={lang}
                        />
                      }
                    />
                  );
                })}
              </ChoiceCardGroup>
            ) : (
              <fieldset className={styles.fieldset}>
                <legend>{t('product.variants')}</legend>
                {variants.map((v) => {
                  const shown = shownVariantPrice(product, v, priceContext);
                  return (
                    <div key={v.id} className={styles.choice}>
                      <span className={styles.choiceName}>{translateField(v, 'size', lang) || name}</span>
                      <Price
                        amount={shown.price}
                        oldAmount={shown.oldPrice}
                        currency={currency}
                        lang={lang}
                      />
                    </div>
                  );
                })}
              </fieldset>
            ))}
          {canOrder && required.length > 0 && (
            <ChoiceCardGroup
              legend={t('product.requiredIngredient')}
              name="required"
              value={String(requiredId)}
              onValueChange={(value) => setRequiredId(Number(value))}
            >
              {required.map((i) => (
                <ChoiceCard
                  key={i.id}
                  value={i.id}
                  pending={!live}
                  label={translateField(i, 'name', lang)}
                  aside={i.price > 0 ? `+${formatPrice(i.price, currency, lang).primary}` : undefined}
                />
              ))}
            </ChoiceCardGroup>
          )}
          {canOrder && addable.length > 0 && (
            <ChoiceCardGroup legend={t('product.addableIngredients')} type="checkbox">
              {addable.map((i) => (
                <ChoiceCard
                  key={i.id}
                  checked={added.includes(i.id)}
                  pending={!live}
                  onChange={() => {
                    const r = toggleAddableIngredient(added, i.id, product);
                    if (r.ok) {
                      setAdded(r.value);
                      setProblem(null);
                    } else setProblem(r.error);
                  }}
                  label={translateField(i, 'name', lang)}
                  aside={i.price > 0 ? `+${formatPrice(i.price, currency, lang).primary}` : undefined}
                />
              ))}
            </ChoiceCardGroup>
          )}
          {canOrder && removable.length > 0 && (
            <ChoiceCardGroup legend={t('product.removableIngredients')} type="checkbox">
              {removable.map((i) => (
                <ChoiceCard
                  key={i.id}
                  checked={removed.includes(i.id)}
                  pending={!live}
                  onChange={() =>
                    setRemoved(
                      removed.includes(i.id) ? removed.filter((x) => x !== i.id) : [...removed, i.id],
                    )
                  }
                  label={t('product.without', { name: translateField(i, 'name', lang) })}
                />
              ))}
            </ChoiceCardGroup>
          )}
          {canOrder && (
            <div className={styles.field}>
              <label htmlFor={`${formId}-comment`}>{t('product.comment')}</label>
              <textarea
                id={`${formId}-comment`}
                maxLength={MAX_COMMENT_LENGTH}
                rows={2}
                value={comment}
                disabled={!live}
                onChange={(e) => setComment(e.target.value)}
                aria-describedby={`${formId}-comment-hint`}
              />
              <small id={`${formId}-comment-hint`}>
                {t('product.commentHint', { max: MAX_COMMENT_LENGTH })}
              </small>
            </div>
          )}
          {showButton && (
            <div className={styles.quantity}>
              <span aria-hidden="true">{t('product.quantity')}</span>
              <Stepper
                label={t('product.quantity')}
                decreaseLabel={t('product.decrease')}
                increaseLabel={t('product.increase')}
                value={quantity}
                onChange={setQuantity}
                min={1}
                max={MAX_ADD_QUANTITY}
                disabled={!live}
              />
            </div>
          )}
          {alert('bottom')}
        </form>
        {showButton && props.addToCartPosition !== 'top' && addButton('bottom')}
      </div>
    </article>
  );
}
