/**
 * The whole data model of spec §3 in one first migration. Frozen in time: it takes `Kysely<any>` and never imports
 * schema.ts or app code, so later changes to the app cannot rewrite history. Dialect-neutral except where noted:
 * identity columns (SQLite `integer primary key autoincrement`, PostgreSQL `serial`), fractional numbers
 * (`double precision` on PostgreSQL, where `real` would be 4-byte), and the ISO-8601 text default of timestamps.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time: they see the database as
   it was, not through today's schema types (Kysely's recommendation). */
import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
type Table = CreateTableBuilder<string, string>;

function dialectOf(db: Kysely<any>): Dialect {
  return db.getExecutor().adapter.constructor.name.toLowerCase().includes('postgres') ? 'postgres' : 'sqlite';
}

export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const nowIso =
    dialect === 'postgres'
      ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`
      : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  const real = dialect === 'postgres' ? 'double precision' : 'real';

  // Column helpers keep the ~45 tables below readable.
  const id = (t: Table): Table =>
    dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const ref = (
    t: Table,
    column: string,
    target: string,
    opts: { nullable?: boolean; onDelete?: 'cascade' | 'set null' | 'restrict' } = {},
  ): Table =>
    t.addColumn(column, 'integer', (c) => {
      let col: ColumnDefinitionBuilder = c
        .references(`${target}.id`)
        .onDelete(opts.onDelete ?? (opts.nullable ? 'set null' : 'cascade'));
      if (!opts.nullable) col = col.notNull();
      return col;
    });
  const text = (t: Table, column: string, nullable = false, def?: string): Table =>
    t.addColumn(column, 'text', (c) => {
      let col = nullable ? c : c.notNull();
      if (def !== undefined) col = col.defaultTo(def);
      return col;
    });
  const int = (t: Table, column: string, def: number | null = 0): Table =>
    t.addColumn(column, 'integer', (c) => (def === null ? c : c.notNull().defaultTo(def)));
  const num = (t: Table, column: string, def: number | null = 0): Table =>
    t.addColumn(column, real, (c) => (def === null ? c : c.notNull().defaultTo(def)));
  const translations = (t: Table): Table => text(t, 'translations', false, '{}');
  const createdAt = (t: Table, column = 'created_at'): Table =>
    t.addColumn(column, 'text', (c) => c.notNull().defaultTo(nowIso));
  const table = async (name: string, build: (t: Table) => Table): Promise<void> => {
    await build(db.schema.createTable(name) as Table).execute();
  };
  const index = async (table: string, columns: string[], unique = false): Promise<void> => {
    const name = `${table}_${columns.join('_')}_${unique ? 'uq' : 'idx'}`;
    let b = db.schema.createIndex(name).on(table).columns(columns);
    if (unique) b = b.unique();
    await b.execute();
  };

  // Tenancy: a client (brand) has places (venues).
  await table('clients', (t) => createdAt(text(text(id(t), 'slug'), 'name')));
  await index('clients', ['slug'], true);
  await table('cities', (t) => translations(text(ref(id(t), 'client_id', 'clients'), 'name')));
  await index('cities', ['client_id']);
  await table('tags', (t) => translations(text(ref(id(t), 'client_id', 'clients'), 'name')));
  await index('tags', ['client_id']);
  await table('places', (t) => {
    t = translations(text(text(ref(id(t), 'client_id', 'clients'), 'slug'), 'name'));
    t = text(t, 'functionality_modules', false, '[]');
    t = ref(t, 'city_id', 'cities', { nullable: true });
    t = text(text(text(t, 'address', true), 'phone', true), 'email', true);
    t = num(num(t, 'lat', null), 'lng', null);
    return createdAt(int(t, 'active', 1));
  });
  await index('places', ['client_id', 'slug'], true);
  await table('place_tags', (t) =>
    ref(ref(t, 'place_id', 'places'), 'tag_id', 'tags').addPrimaryKeyConstraint('place_tags_pk', [
      'place_id',
      'tag_id',
    ]),
  );
  await index('place_tags', ['tag_id']);

  await table('settings', (t) => text(text(ref(id(t), 'place_id', 'places'), 'key'), 'value'));
  await index('settings', ['place_id', 'key'], true);
  await table('languages', (t) =>
    int(int(text(text(ref(id(t), 'place_id', 'places'), 'code'), 'name'), 'is_default'), 'position'),
  );
  await index('languages', ['place_id', 'code'], true);

  // Menu.
  await table('categories', (t) => {
    t = ref(ref(id(t), 'place_id', 'places'), 'parent_id', 'categories', {
      nullable: true,
      onDelete: 'cascade',
    });
    t = translations(text(text(text(t, 'slug'), 'name'), 'description', true));
    t = text(text(text(t, 'icon', true), 'type', false, 'normal'), 'links', false, '[]');
    t = int(int(t, 'hierarchy_level', 1), 'priority');
    t = text(text(text(t, 'background_image', true), 'video_name', true), 'pdf_path', true);
    t = int(int(int(t, 'open_call_waiter'), 'order_allowed', 1), 'active', 1);
    for (const flag of [
      'show_cat_only_for_spot_orders',
      'hide_cat_only_for_spot_orders',
      'show_only_for_spot_browse',
      'hide_only_for_spot_browse',
      'show_cat_only_for_delivery_orders',
      'hide_cat_only_for_delivery_orders',
    ]) {
      t = int(t, flag);
    }
    return t;
  });
  await index('categories', ['place_id', 'slug'], true);
  await index('categories', ['place_id', 'parent_id']);

  await table('products', (t) => {
    t = text(text(ref(id(t), 'place_id', 'places'), 'slug'), 'name');
    t = translations(text(text(t, 'type', false, 'normal'), 'description', true));
    t = text(text(t, 'subcategory', true), 'label', true);
    t = int(int(int(int(t, 'in_stock', 1), 'active', 1), 'hide_for_ordering'), 'is_liquid');
    t = int(num(t, 'discount_percent'), 'discount_money');
    t = num(int(t, 'hide_variants'), 'minimum_durability', null);
    t = num(num(t, 'image_position_y', 50), 'image_scale', 1);
    t = int(t, 'disable_promocode_discount');
    t = int(int(t, 'min_count_addable_ingredients'), 'max_count_addable_ingredients');
    t = int(int(t, 'show_only_for_spot_browse'), 'hide_only_for_spot_browse');
    t = text(int(t, 'time_based_discount_enabled'), 'time_based_discount_days', false, '[]');
    t = int(int(t, 'time_based_discount_start_hour'), 'time_based_discount_end_hour', 23);
    t = int(num(t, 'time_based_discount_percent'), 'priority');
    return createdAt(t);
  });
  await index('products', ['place_id', 'slug'], true);
  await index('products', ['place_id', 'active']);
  await table('product_categories', (t) =>
    int(
      ref(ref(t, 'product_id', 'products'), 'category_id', 'categories'),
      'is_primary',
    ).addPrimaryKeyConstraint('product_categories_pk', ['product_id', 'category_id']),
  );
  await index('product_categories', ['category_id']);
  await table('product_images', (t) =>
    int(
      int(int(text(ref(id(t), 'product_id', 'products'), 'path'), 'width', null), 'height', null),
      'position',
    ),
  );
  await index('product_images', ['product_id']);
  await table('product_variants', (t) => {
    t = int(int(ref(id(t), 'product_id', 'products'), 'price'), 'additional_price');
    t = int(text(t, 'size', true), 'booking_duration', null);
    return int(int(translations(t), 'position'), 'active', 1);
  });
  await index('product_variants', ['product_id']);
  await table('allergens', (t) =>
    text(translations(text(ref(id(t), 'client_id', 'clients'), 'name')), 'image', true),
  );
  await index('allergens', ['client_id']);
  await table('product_allergens', (t) =>
    ref(ref(t, 'product_id', 'products'), 'allergen_id', 'allergens').addPrimaryKeyConstraint(
      'product_allergens_pk',
      ['product_id', 'allergen_id'],
    ),
  );
  await index('product_allergens', ['allergen_id']);
  await table('related_products', (t) =>
    int(
      ref(ref(t, 'product_id', 'products'), 'related_product_id', 'products'),
      'position',
    ).addPrimaryKeyConstraint('related_products_pk', ['product_id', 'related_product_id']),
  );
  await index('related_products', ['related_product_id']);
  await table('ingredients', (t) =>
    int(
      int(int(translations(text(ref(id(t), 'place_id', 'places'), 'name')), 'price'), 'active', 1),
      'priority',
    ),
  );
  await index('ingredients', ['place_id']);
  await table('product_ingredients', (t) =>
    int(text(ref(ref(id(t), 'product_id', 'products'), 'ingredient_id', 'ingredients'), 'type'), 'position'),
  );
  await index('product_ingredients', ['product_id']);
  await index('product_ingredients', ['ingredient_id']);

  // Order types and delivery zones.
  await table('order_types', (t) => int(int(ref(id(t), 'place_id', 'places'), 'type', null), 'active', 1));
  await index('order_types', ['place_id', 'type'], true);
  await table('order_type_prices', (t) =>
    int(int(ref(id(t), 'order_type_id', 'order_types'), 'price_over'), 'price'),
  );
  await index('order_type_prices', ['order_type_id']);
  await table('order_type_discounts', (t) => {
    t = num(int(ref(id(t), 'order_type_id', 'order_types'), 'price_over'), 'value');
    return text(
      text(text(t, 'value_type', false, 'percent'), 'active_start_time', true),
      'active_end_time',
      true,
    );
  });
  await index('order_type_discounts', ['order_type_id']);
  await table('delivery_radiuses', (t) => {
    t = num(num(ref(id(t), 'order_type_id', 'order_types'), 'radius_start'), 'radius_end');
    return int(int(t, 'delivery_price'), 'required_order_price_for_free_delivery', null);
  });
  await index('delivery_radiuses', ['order_type_id']);
  await table('delivery_shapes', (t) => {
    t = int(text(ref(id(t), 'order_type_id', 'order_types'), 'name', true), 'delivery_price');
    t = text(text(text(t, 'coordinates', false, '[]'), 'active_time_from', true), 'active_time_to', true);
    return int(t, 'required_order_price_for_free_delivery', null);
  });
  await index('delivery_shapes', ['order_type_id']);
  await table('regions', (t) => {
    t = int(translations(text(ref(id(t), 'place_id', 'places'), 'name')), 'delivery_price');
    return int(int(t, 'required_order_price_for_free_delivery', null), 'active', 1);
  });
  await index('regions', ['place_id']);

  // Halls, tables and rooms, guest sessions.
  await table('halls', (t) => int(translations(text(ref(id(t), 'place_id', 'places'), 'name')), 'active', 1));
  await index('halls', ['place_id']);
  await table('tables', (t) => {
    t = ref(ref(id(t), 'place_id', 'places'), 'hall_id', 'halls', { nullable: true });
    t = int(text(text(t, 'number'), 'kind', false, 'table'), 'seats', 4);
    return createdAt(int(text(t, 'token'), 'active', 1));
  });
  await index('tables', ['token'], true);
  await index('tables', ['place_id', 'kind', 'number'], true);
  await table('table_sessions', (t) => {
    t = text(ref(ref(id(t), 'place_id', 'places'), 'table_id', 'tables'), 'session');
    t = text(int(t, 'order_type', null), 'expires_at');
    return createdAt(text(int(t, 'bill_wanted'), 'bill_payment_method', true));
  });
  await index('table_sessions', ['session'], true);
  await index('table_sessions', ['table_id']);

  // Users.
  await table('users', (t) => {
    t = text(text(ref(id(t), 'client_id', 'clients'), 'email'), 'password_hash');
    t = text(
      text(text(text(t, 'first_name', false, ''), 'last_name', false, ''), 'phone', true),
      'address',
      true,
    );
    t = int(int(text(t, 'role', false, 'USER'), 'points'), 'accumulated_amount');
    return createdAt(int(t, 'banned'));
  });
  await index('users', ['client_id', 'email'], true);
  await table('user_places', (t) =>
    ref(ref(t, 'user_id', 'users'), 'place_id', 'places').addPrimaryKeyConstraint('user_places_pk', [
      'user_id',
      'place_id',
    ]),
  );
  await index('user_places', ['place_id']);
  await table('password_reset_tokens', (t) =>
    text(text(text(ref(id(t), 'user_id', 'users'), 'token_hash'), 'expires_at'), 'used_at', true),
  );
  await index('password_reset_tokens', ['token_hash'], true);
  await table('payment_instruments', (t) => {
    t = text(ref(ref(id(t), 'user_id', 'users'), 'place_id', 'places'), 'provider');
    t = text(text(text(t, 'provider_token'), 'provider_instrument_id'), 'name');
    return createdAt(text(int(t, 'type'), 'expires', true));
  });
  await index('payment_instruments', ['user_id', 'place_id']);

  // Orders.
  await table('orders', (t) => {
    t = text(text(ref(id(t), 'place_id', 'places'), 'key'), 'token');
    t = text(int(t, 'type', null), 'status');
    t = ref(t, 'table_id', 'tables', { nullable: true });
    t = text(t, 'room_number', true);
    t = ref(t, 'user_id', 'users', { nullable: true });
    for (const c of [
      'client_name',
      'client_phone',
      'client_email',
      'client_address',
      'street_number',
      'floor_number',
      'ap_number',
      'bell_number',
      'entrance_number',
      'postal_code',
    ]) {
      t = text(t, c, true);
    }
    t = ref(t, 'region_id', 'regions', { nullable: true });
    t = ref(t, 'delivery_radius_id', 'delivery_radiuses', { nullable: true });
    t = ref(t, 'delivery_shape_id', 'delivery_shapes', { nullable: true });
    t = num(num(t, 'lat', null), 'lng', null);
    t = int(text(t, 'requested_time', true), 'exact_time_selected');
    t = text(text(t, 'payment_method', true), 'payment_status', false, 'none');
    t = int(int(t, 'cutlery'), 'count_cutlery');
    t = text(t, 'additional_order_type', true);
    t = ref(t, 'pickup_place_id', 'places', { nullable: true });
    t = text(text(t, 'promo_code', true), 'order_comment', true);
    for (const c of [
      'subtotal',
      'discount_total',
      'delivery_fee',
      'box_fee',
      'cutlery_fee',
      'payment_fee',
      'accumulated_amount_used',
      'total',
    ]) {
      t = int(t, c);
    }
    t = text(text(t, 'currency', false, 'EUR'), 'breakdown', false, '{}');
    t = text(int(t, 'bill_wanted'), 'bill_payment_method', true);
    t = text(text(t, 'device_id', true), 'dedupe_hash', true);
    return createdAt(createdAt(t), 'updated_at');
  });
  await index('orders', ['key'], true);
  await index('orders', ['place_id', 'created_at']);
  await index('orders', ['place_id', 'status']);
  await index('orders', ['token']);
  await index('orders', ['user_id']);
  await index('orders', ['table_id']);
  await table('order_lines', (t) => {
    // Order history outlives menu edits: a product, variant or ingredient that was ordered cannot be deleted.
    t = ref(ref(id(t), 'order_id', 'orders'), 'product_id', 'products', { onDelete: 'restrict' });
    t = ref(t, 'variant_id', 'product_variants', { onDelete: 'restrict' });
    t = int(text(text(t, 'name'), 'size', true), 'quantity', 1);
    t = int(int(int(int(t, 'unit_price'), 'box_fee'), 'discount'), 'line_total');
    return ref(text(t, 'comment', true), 'category_id', 'categories', { nullable: true });
  });
  await index('order_lines', ['order_id']);
  await index('order_lines', ['product_id']);
  await table('order_line_ingredients', (t) => {
    t = ref(ref(id(t), 'order_line_id', 'order_lines'), 'ingredient_id', 'ingredients', {
      onDelete: 'restrict',
    });
    return int(text(text(t, 'type'), 'name'), 'price');
  });
  await index('order_line_ingredients', ['order_line_id']);
  await table('order_status_history', (t) => {
    t = text(ref(id(t), 'order_id', 'orders'), 'status');
    return createdAt(text(ref(t, 'changed_by', 'users', { nullable: true }), 'reason', true));
  });
  await index('order_status_history', ['order_id']);

  await table('user_needs', (t) => {
    t = ref(ref(id(t), 'place_id', 'places'), 'table_id', 'tables', { nullable: true });
    t = text(text(text(t, 'session', true), 'type'), 'text', true);
    return text(createdAt(text(t, 'status', false, 'open')), 'done_at', true);
  });
  await index('user_needs', ['place_id', 'status']);

  // Feedback, promotions, discounts.
  await table('feedback_questions', (t) => {
    t = translations(text(ref(id(t), 'place_id', 'places'), 'text'));
    return int(int(text(t, 'type', false, 'rating'), 'position'), 'active', 1);
  });
  await index('feedback_questions', ['place_id']);
  await table('feedback_answers', (t) => {
    t = ref(ref(id(t), 'place_id', 'places'), 'question_id', 'feedback_questions', { nullable: true });
    t = ref(t, 'order_id', 'orders', { nullable: true });
    return createdAt(text(text(int(t, 'rating', null), 'text', true), 'name', true));
  });
  await index('feedback_answers', ['place_id', 'created_at']);
  await table('promo_codes', (t) => {
    t = text(text(ref(id(t), 'place_id', 'places'), 'code'), 'discount_type', false, 'percent');
    t = int(num(t, 'discount_value'), 'ignore_other_discounts');
    t = text(text(t, 'valid_from', true), 'valid_to', true);
    t = int(int(t, 'max_uses', null), 'used_count');
    return int(text(t, 'eligible_product_ids', true), 'active', 1);
  });
  await index('promo_codes', ['place_id', 'code'], true);
  await table('user_discounts', (t) => {
    t = int(ref(id(t), 'place_id', 'places'), 'on_order_number', null);
    return int(num(text(t, 'discount_type', false, 'percent'), 'discount_amount'), 'active', 1);
  });
  await index('user_discounts', ['place_id']);

  // Bookings and payments.
  await table('bookings', (t) => {
    t = ref(
      ref(ref(id(t), 'place_id', 'places'), 'hall_id', 'halls', { nullable: true }),
      'table_id',
      'tables',
      {
        nullable: true,
      },
    );
    t = ref(ref(t, 'user_id', 'users', { nullable: true }), 'product_id', 'products', { nullable: true });
    t = ref(t, 'variant_id', 'product_variants', { nullable: true });
    t = text(text(text(t, 'date'), 'start_time'), 'end_time');
    t = text(text(text(int(t, 'people', 1), 'name'), 'phone'), 'email');
    t = text(text(text(t, 'comment', true), 'status', false, 'pending_payment'), 'cancel_token');
    return createdAt(text(t, 'expires_at', true));
  });
  await index('bookings', ['place_id', 'date']);
  await index('bookings', ['cancel_token'], true);
  await table('payments', (t) => {
    t = ref(
      ref(ref(id(t), 'place_id', 'places'), 'order_id', 'orders', { nullable: true }),
      'booking_id',
      'bookings',
      {
        nullable: true,
      },
    );
    t = text(int(text(text(t, 'provider'), 'invoice'), 'amount'), 'currency', false, 'EUR');
    t = text(text(t, 'status', false, 'pending'), 'provider_ref', true);
    return createdAt(createdAt(t), 'updated_at');
  });
  await index('payments', ['invoice'], true);
  await index('payments', ['order_id']);
  await index('payments', ['booking_id']);
  await table('payment_notifications', (t) => {
    t = ref(id(t), 'payment_id', 'payments', { nullable: true });
    return createdAt(text(text(text(t, 'invoice'), 'status'), 'raw'));
  });
  await index('payment_notifications', ['invoice']);

  // Content and housekeeping.
  await table('gallery_images', (t) =>
    int(translations(text(ref(id(t), 'place_id', 'places'), 'path')), 'position'),
  );
  await index('gallery_images', ['place_id']);
  await table('promotions', (t) => {
    t = translations(text(text(ref(id(t), 'place_id', 'places'), 'title'), 'description', true));
    return int(int(text(t, 'image', true), 'active', 1), 'position');
  });
  await index('promotions', ['place_id']);
  await table('blocked_devices', (t) => createdAt(text(ref(id(t), 'place_id', 'places'), 'device_id')));
  await index('blocked_devices', ['place_id', 'device_id'], true);
  await table('logs', (t) => {
    t = ref(id(t), 'place_id', 'places', { nullable: true });
    return createdAt(text(text(t, 'kind'), 'data', false, '{}'));
  });
  await index('logs', ['place_id', 'kind', 'created_at']);
}

export async function down(db: Kysely<any>): Promise<void> {
  // Children first, so foreign keys never block a drop.
  for (const name of [
    'logs',
    'blocked_devices',
    'promotions',
    'gallery_images',
    'payment_notifications',
    'payments',
    'bookings',
    'user_discounts',
    'promo_codes',
    'feedback_answers',
    'feedback_questions',
    'user_needs',
    'order_status_history',
    'order_line_ingredients',
    'order_lines',
    'orders',
    'payment_instruments',
    'password_reset_tokens',
    'user_places',
    'users',
    'table_sessions',
    'tables',
    'halls',
    'regions',
    'delivery_shapes',
    'delivery_radiuses',
    'order_type_discounts',
    'order_type_prices',
    'order_types',
    'product_ingredients',
    'ingredients',
    'related_products',
    'product_allergens',
    'allergens',
    'product_variants',
    'product_images',
    'product_categories',
    'products',
    'categories',
    'languages',
    'settings',
    'place_tags',
    'places',
    'tags',
    'cities',
    'clients',
  ]) {
    await db.schema.dropTable(name).ifExists().execute();
  }
}
