/**
 * Demo seed loader: writes the demo client (`demo`) with its places `bistro` and `hotel` (content in ./content/)
 * into an empty database, in one transaction. Portable across SQLite and PostgreSQL: only query-builder inserts,
 * parents first, ids taken from `.returning('id')`.
 *
 * Conventions of the data written here:
 * - priorities ascend in display order (1 is shown first) for categories among siblings, products within their
 *   primary category, ingredients, variants and related products;
 * - images are files of ./images/ referenced as `/demo/images/<file>` (DEMO_IMAGES_URL); the server serves
 *   DEMO_IMAGES_DIR there; products use `<place>-<product slug>.svg`, categories `cat-<place>-<slug>.svg`,
 *   allergens `allergen-<key>.svg`; the hotel's PDF menu is `/demo/images/spa-menu.pdf`;
 * - translated settings keep Bulgarian in `<key>` and the other languages in `<key>_translations`
 *   ({"en":"…","es":"…","de":"…","fr-CH":"…"}).
 */
import { fileURLToPath } from 'node:url';
import { hash } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { HISTORY_DAYS, seedDemoHistory } from './demo-history.ts';
import { ACCOUNTS, ALLERGENS, CITIES, DEMO_CLIENT, DEMO_PLACES, LANGUAGES, TAGS } from './content/index.ts';
import {
  LABELS,
  OTHER_LANGS,
  allergenIconFile,
  categoryBackgroundFile,
  categoryIconFile,
  imageUrl,
  productImageFile,
  translateSize,
  translations,
  type CategoryDef,
  type L5,
  type PlaceDef,
} from './content/types.ts';

export { DEMO_IMAGES_URL } from './content/types.ts';
export { ACCOUNTS as DEMO_ACCOUNTS, DEMO_CLIENT } from './content/index.ts';

/** Folder of the shipped demo images and PDF, to serve at DEMO_IMAGES_URL. */
export const DEMO_IMAGES_DIR = fileURLToPath(new URL('./images/', import.meta.url));

type Db = Kysely<Database>;

const flag = (value: boolean | undefined): number => (value ? 1 : 0);

/**
 * Seeds the demo client. Runs in the caller's transaction when given one, else opens its own. `passwords` (by
 * e-mail) replaces the content's fixed passwords: a real start gives the admin and waiter random ones (server.ts),
 * the test suites keep the fixed ones.
 */
export async function seedDemo(
  db: Kysely<Database>,
  log: (line: string) => void,
  passwords: Readonly<Record<string, string>> = {},
): Promise<void> {
  const accounts = ACCOUNTS.map((a) => ({ ...a, password: passwords[a.email] ?? a.password }));
  // Hash outside the transaction: argon2 is deliberately slow.
  const hashes = await Promise.all(accounts.map((a) => hash(a.password)));
  const run = async (trx: Db) => {
    const counts = await insertAll(trx, hashes);
    // 60 days of past orders for the reports (demo-history.ts), relative to the real date of the seed.
    const started = Date.now();
    const history = await seedDemoHistory(trx, new Date());
    return { counts, history, historyMs: Date.now() - started };
  };
  const { counts, history, historyMs } = db.isTransaction
    ? await run(db)
    : await db.transaction().execute(run);

  log(
    `Demo data seeded: client '${DEMO_CLIENT.slug}' with ${counts.map((c) => `${c.slug} (${c.products} products, ${c.categories} categories)`).join(' and ')}, ${history} past orders of the last ${HISTORY_DAYS} days (written in ${historyMs} ms).`,
  );
  for (const account of accounts) {
    log(`  account ${account.email} / ${account.password} (${account.role})`);
  }
  for (const place of DEMO_PLACES) {
    const first = place.tables[0];
    const last = place.tables[place.tables.length - 1];
    if (first && last) {
      log(`  ${place.slug} ${first.kind}s: /${place.slug}/t/${first.token} … /${place.slug}/t/${last.token}`);
    }
  }
}

interface PlaceCounts {
  slug: string;
  products: number;
  categories: number;
}

async function insertAll(db: Db, passwordHashes: string[]): Promise<PlaceCounts[]> {
  const client = await db
    .insertInto('clients')
    .values({ slug: DEMO_CLIENT.slug, name: DEMO_CLIENT.name })
    .returning('id')
    .executeTakeFirstOrThrow();
  const clientId = client.id;

  const cityIds = new Map<string, number>();
  for (const [key, name] of Object.entries(CITIES)) {
    const row = await db
      .insertInto('cities')
      .values({ client_id: clientId, name: name[0], translations: translations({ name }) })
      .returning('id')
      .executeTakeFirstOrThrow();
    cityIds.set(key, row.id);
  }

  const tagIds = new Map<string, number>();
  for (const [key, name] of Object.entries(TAGS)) {
    const row = await db
      .insertInto('tags')
      .values({ client_id: clientId, name: name[0], translations: translations({ name }) })
      .returning('id')
      .executeTakeFirstOrThrow();
    tagIds.set(key, row.id);
  }

  const allergenIds = new Map<string, number>();
  for (const allergen of ALLERGENS) {
    const row = await db
      .insertInto('allergens')
      .values({
        client_id: clientId,
        name: allergen.name[0],
        translations: translations({ name: allergen.name }),
        image: imageUrl(allergenIconFile(allergen.key)),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    allergenIds.set(allergen.key, row.id);
  }

  const placeIds = new Map<string, number>();
  const counts: PlaceCounts[] = [];
  for (const place of DEMO_PLACES) {
    const cityId = cityIds.get(place.city);
    if (cityId === undefined) throw new Error(`Unknown city ${place.city}`);
    const placeId = await insertPlace(db, clientId, cityId, place, tagIds, allergenIds);
    placeIds.set(place.slug, placeId);
    counts.push({
      slug: place.slug,
      products: place.products.length,
      categories: countCategories(place.categories),
    });
  }

  for (const [i, account] of ACCOUNTS.entries()) {
    const user = await db
      .insertInto('users')
      .values({
        client_id: clientId,
        email: account.email,
        password_hash: passwordHashes[i] as string,
        first_name: account.firstName,
        last_name: account.lastName,
        phone: account.phone,
        address: account.address,
        role: account.role,
        points: account.points,
        accumulated_amount: account.accumulatedAmount,
        banned: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (account.places.length > 0) {
      await db
        .insertInto('user_places')
        .values(
          account.places.map((slug) => ({ user_id: user.id, place_id: mustGet(placeIds, slug, 'place') })),
        )
        .execute();
    }
  }
  return counts;
}

function countCategories(categories: CategoryDef[]): number {
  return categories.reduce((n, c) => n + 1 + countCategories(c.children ?? []), 0);
}

function mustGet<V>(map: Map<string, V>, key: string, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Demo content refers to an unknown ${what} '${key}'`);
  return value;
}

async function insertPlace(
  db: Db,
  clientId: number,
  cityId: number,
  place: PlaceDef,
  tagIds: Map<string, number>,
  allergenIds: Map<string, number>,
): Promise<number> {
  const { id: placeId } = await db
    .insertInto('places')
    .values({
      client_id: clientId,
      slug: place.slug,
      name: place.name[0],
      translations: translations({ name: place.name }),
      functionality_modules: JSON.stringify(place.functionalityModules),
      city_id: cityId,
      address: place.address,
      phone: place.phone,
      email: place.email,
      lat: place.lat,
      lng: place.lng,
      active: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  await db
    .insertInto('place_tags')
    .values(place.tags.map((tag) => ({ place_id: placeId, tag_id: mustGet(tagIds, tag, 'tag') })))
    .execute();

  await db
    .insertInto('languages')
    .values(
      LANGUAGES.map((l, i) => ({
        place_id: placeId,
        code: l.code,
        name: l.name,
        is_default: flag(l.code === 'bg'),
        position: i + 1,
      })),
    )
    .execute();

  await insertSettings(db, placeId, place);
  await insertOrderTypes(db, placeId, place);

  if (place.regions.length > 0) {
    await db
      .insertInto('regions')
      .values(
        place.regions.map((r) => ({
          place_id: placeId,
          name: r.name[0],
          translations: translations({ name: r.name }),
          delivery_price: r.price,
          required_order_price_for_free_delivery: r.freeOver,
          active: 1,
        })),
      )
      .execute();
  }

  const hallIds: number[] = [];
  for (const name of place.halls) {
    const row = await db
      .insertInto('halls')
      .values({ place_id: placeId, name: name[0], translations: translations({ name }), active: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    hallIds.push(row.id);
  }
  await db
    .insertInto('tables')
    .values(
      place.tables.map((t) => ({
        place_id: placeId,
        hall_id: t.hall === undefined ? null : (hallIds[t.hall] ?? null),
        number: t.number,
        kind: t.kind,
        seats: t.seats,
        token: t.token,
        active: 1,
      })),
    )
    .execute();

  const ingredientIds = new Map<string, number>();
  for (const [i, ing] of place.ingredients.entries()) {
    const row = await db
      .insertInto('ingredients')
      .values({
        place_id: placeId,
        name: ing.name[0],
        translations: translations({ name: ing.name }),
        price: ing.price,
        active: 1,
        priority: i + 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ingredientIds.set(ing.key, row.id);
  }

  const categoryIds = new Map<string, number>();
  const categoryNames = new Map<string, L5>();
  await insertCategories(db, placeId, place.slug, place.categories, null, 1, categoryIds, categoryNames);

  const productIds = await insertProducts(
    db,
    placeId,
    place,
    categoryIds,
    categoryNames,
    ingredientIds,
    allergenIds,
  );

  const related = place.products.flatMap((p) =>
    (p.related ?? []).map((slug, i) => {
      if ((p.related?.length ?? 0) > 4) throw new Error(`Product ${p.slug} has more than 4 related products`);
      return {
        product_id: mustGet(productIds, p.slug, 'product'),
        related_product_id: mustGet(productIds, slug, 'product'),
        position: i + 1,
      };
    }),
  );
  if (related.length > 0) await db.insertInto('related_products').values(related).execute();

  if (place.promoCodes.length > 0) {
    await db
      .insertInto('promo_codes')
      .values(
        place.promoCodes.map((p) => ({
          place_id: placeId,
          code: p.code,
          discount_type: p.type,
          discount_value: p.value,
          ignore_other_discounts: flag(p.ignoreOtherDiscounts),
          valid_from: null,
          valid_to: null,
          max_uses: p.maxUses ?? null,
          used_count: 0,
          // NULL = every product (the column is nullable; the schema type only describes the JSON text).
          eligible_product_ids: null as unknown as string,
          active: 1,
        })),
      )
      .execute();
  }

  if (place.userDiscounts.length > 0) {
    await db
      .insertInto('user_discounts')
      .values(
        place.userDiscounts.map((d) => ({
          place_id: placeId,
          on_order_number: d.onOrderNumber,
          discount_type: d.type,
          discount_amount: d.amount,
          active: 1,
        })),
      )
      .execute();
  }

  if (place.feedbackQuestions.length > 0) {
    await db
      .insertInto('feedback_questions')
      .values(
        place.feedbackQuestions.map((q, i) => ({
          place_id: placeId,
          text: q.text[0],
          translations: translations({ text: q.text }),
          type: q.type,
          position: i + 1,
          active: 1,
        })),
      )
      .execute();
  }

  if (place.gallery.length > 0) {
    await db
      .insertInto('gallery_images')
      .values(
        place.gallery.map((g, i) => ({
          place_id: placeId,
          path: imageUrl(g.file),
          // No caption column: the Bulgarian caption goes in the translations too (translateField's fallback),
          // else a Bulgarian guest sees "Picture 1" for every picture.
          translations: JSON.stringify({
            bg: { caption: g.caption[0] },
            ...(JSON.parse(translations({ caption: g.caption })) as Record<string, unknown>),
          }),
          position: i + 1,
        })),
      )
      .execute();
  }

  if (place.promotions.length > 0) {
    await db
      .insertInto('promotions')
      .values(
        place.promotions.map((p, i) => ({
          place_id: placeId,
          title: p.title[0],
          description: p.description[0],
          translations: translations({ title: p.title, description: p.description }),
          image: imageUrl(p.file),
          active: 1,
          position: i + 1,
        })),
      )
      .execute();
  }

  return placeId;
}

async function insertSettings(db: Db, placeId: number, place: PlaceDef): Promise<void> {
  const rows: { place_id: number; key: string; value: string }[] = [];
  for (const [key, value] of Object.entries(place.settings)) {
    if (typeof value === 'string') {
      rows.push({ place_id: placeId, key, value });
    } else {
      rows.push({ place_id: placeId, key, value: value[0] });
      const other = Object.fromEntries(OTHER_LANGS.map((lang, i) => [lang, value[i + 1] as string]));
      rows.push({ place_id: placeId, key: `${key}_translations`, value: JSON.stringify(other) });
    }
  }
  await db.insertInto('settings').values(rows).execute();
}

async function insertOrderTypes(db: Db, placeId: number, place: PlaceDef): Promise<void> {
  for (const ot of place.orderTypes) {
    const { id: orderTypeId } = await db
      .insertInto('order_types')
      .values({ place_id: placeId, type: ot.type, active: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (ot.prices?.length) {
      await db
        .insertInto('order_type_prices')
        .values(
          ot.prices.map((p) => ({ order_type_id: orderTypeId, price_over: p.priceOver, price: p.price })),
        )
        .execute();
    }
    if (ot.discounts?.length) {
      await db
        .insertInto('order_type_discounts')
        .values(
          ot.discounts.map((d) => ({
            order_type_id: orderTypeId,
            price_over: d.priceOver,
            value: d.value,
            value_type: d.valueType,
            active_start_time: d.start ?? null,
            active_end_time: d.end ?? null,
          })),
        )
        .execute();
    }
    if (ot.radiuses?.length) {
      await db
        .insertInto('delivery_radiuses')
        .values(
          ot.radiuses.map((r) => ({
            order_type_id: orderTypeId,
            radius_start: r.start,
            radius_end: r.end,
            delivery_price: r.price,
            required_order_price_for_free_delivery: r.freeOver,
          })),
        )
        .execute();
    }
    if (ot.shapes?.length) {
      await db
        .insertInto('delivery_shapes')
        .values(
          ot.shapes.map((s) => ({
            order_type_id: orderTypeId,
            name: s.name[0],
            translations: translations({ name: s.name }),
            delivery_price: s.price,
            coordinates: JSON.stringify(s.coordinates),
            active_time_from: s.from ?? null,
            active_time_to: s.to ?? null,
            required_order_price_for_free_delivery: s.freeOver,
          })),
        )
        .execute();
    }
  }
}

async function insertCategories(
  db: Db,
  placeId: number,
  placeSlug: string,
  categories: CategoryDef[],
  parentId: number | null,
  level: number,
  ids: Map<string, number>,
  names: Map<string, L5>,
): Promise<void> {
  for (const [i, c] of categories.entries()) {
    if (ids.has(c.slug)) throw new Error(`Duplicate category slug ${c.slug} in ${placeSlug}`);
    const { id } = await db
      .insertInto('categories')
      .values({
        place_id: placeId,
        parent_id: parentId,
        slug: c.slug,
        name: c.name[0],
        description: c.description?.[0] ?? null,
        translations: translations({ name: c.name, description: c.description }),
        icon: c.art ? imageUrl(categoryIconFile(placeSlug, c.slug)) : null,
        type: c.type ?? 'normal',
        links: JSON.stringify((c.links ?? []).map((link) => ({ link }))),
        hierarchy_level: level,
        priority: i + 1,
        background_image: c.background ? imageUrl(categoryBackgroundFile(placeSlug, c.slug)) : null,
        video_name: null,
        pdf_path: c.pdfPath ?? null,
        open_call_waiter: flag(c.openCallWaiter),
        order_allowed: c.orderAllowed === false ? 0 : 1,
        active: 1,
        show_cat_only_for_spot_orders: flag(c.showOnlyForSpotOrders),
        hide_cat_only_for_spot_orders: flag(c.hideForSpotOrders),
        show_only_for_spot_browse: flag(c.showOnlyForSpotBrowse),
        hide_only_for_spot_browse: flag(c.hideForSpotBrowse),
        show_cat_only_for_delivery_orders: flag(c.showOnlyForDeliveryOrders),
        hide_cat_only_for_delivery_orders: flag(c.hideForDeliveryOrders),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(c.slug, id);
    names.set(c.slug, c.name);
    if (c.children?.length) {
      await insertCategories(db, placeId, placeSlug, c.children, id, level + 1, ids, names);
    }
  }
}

async function insertProducts(
  db: Db,
  placeId: number,
  place: PlaceDef,
  categoryIds: Map<string, number>,
  categoryNames: Map<string, L5>,
  ingredientIds: Map<string, number>,
  allergenIds: Map<string, number>,
): Promise<Map<string, number>> {
  const productIds = new Map<string, number>();
  const positionInCategory = new Map<string, number>();
  for (const p of place.products) {
    if (productIds.has(p.slug)) throw new Error(`Duplicate product slug ${p.slug} in ${place.slug}`);
    if (p.variants.length === 0) throw new Error(`Product ${p.slug} has no variant`);
    const priority = (positionInCategory.get(p.category) ?? 0) + 1;
    positionInCategory.set(p.category, priority);
    const subcategory = mustGet(categoryNames, p.category, 'category');
    const label = p.label ? LABELS[p.label] : undefined;
    const td = p.timeDiscount;
    const { id: productId } = await db
      .insertInto('products')
      .values({
        place_id: placeId,
        slug: p.slug,
        name: p.name[0],
        type: p.type ?? 'normal',
        description: p.description[0],
        translations: translations({ name: p.name, description: p.description, subcategory, label }),
        subcategory: subcategory[0],
        label: label?.[0] ?? null,
        in_stock: p.inStock === false ? 0 : 1,
        active: 1,
        hide_for_ordering: flag(p.hideForOrdering),
        is_liquid: flag(p.isLiquid),
        discount_percent: p.discountPercent ?? 0,
        discount_money: p.discountMoney ?? 0,
        hide_variants: flag(p.hideVariants),
        minimum_durability: p.minimumDurability ?? null,
        image_position_y: p.imagePositionY ?? 50,
        image_scale: 1,
        disable_promocode_discount: flag(p.disablePromocodeDiscount),
        min_count_addable_ingredients: p.minAddable ?? 0,
        max_count_addable_ingredients: p.maxAddable ?? 0,
        show_only_for_spot_browse: flag(p.showOnlyForSpotBrowse),
        hide_only_for_spot_browse: flag(p.hideOnlyForSpotBrowse),
        time_based_discount_enabled: flag(td !== undefined),
        time_based_discount_days: JSON.stringify(td?.days ?? []),
        time_based_discount_start_hour: td?.startHour ?? 0,
        time_based_discount_end_hour: td?.endHour ?? 23,
        time_based_discount_percent: td?.percent ?? 0,
        priority,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    productIds.set(p.slug, productId);

    const categorySlugs = [p.category, ...(p.alsoIn ?? [])];
    await db
      .insertInto('product_categories')
      .values(
        categorySlugs.map((slug, i) => ({
          product_id: productId,
          category_id: mustGet(categoryIds, slug, 'category'),
          is_primary: flag(i === 0),
        })),
      )
      .execute();

    await db
      .insertInto('product_images')
      .values({
        product_id: productId,
        path: imageUrl(productImageFile(place.slug, p.slug)),
        width: 800,
        height: 600,
        position: 1,
      })
      .execute();

    await db
      .insertInto('product_variants')
      .values(
        p.variants.map((variant, i) => {
          const size =
            variant.size === undefined
              ? undefined
              : typeof variant.size === 'string'
                ? translateSize(variant.size)
                : variant.size;
          return {
            product_id: productId,
            price: variant.price,
            additional_price: variant.additionalPrice ?? 0,
            size: size?.[0] ?? null,
            booking_duration: variant.bookingDuration ?? null,
            translations: size ? translations({ size }) : '{}',
            position: i + 1,
            active: 1,
          };
        }),
      )
      .execute();

    if (p.allergens?.length) {
      await db
        .insertInto('product_allergens')
        .values(
          p.allergens.map((key) => ({
            product_id: productId,
            allergen_id: mustGet(allergenIds, key, 'allergen'),
          })),
        )
        .execute();
    }

    const ingredientRows = (['required', 'addable', 'removable'] as const).flatMap((type) =>
      (p[type] ?? []).map((key) => ({ type, key })),
    );
    if (ingredientRows.length > 0) {
      await db
        .insertInto('product_ingredients')
        .values(
          ingredientRows.map((r, i) => ({
            product_id: productId,
            ingredient_id: mustGet(ingredientIds, r.key, 'ingredient'),
            type: r.type,
            position: i + 1,
          })),
        )
        .execute();
    }
  }
  return productIds;
}
