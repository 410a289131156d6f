/**
 * The menu editor: the category tree (drag and drop or buttons), the chosen category's form and products with the
 * fast in-stock switch, the product form, and the ingredient and allergen libraries. Writes refresh the admin
 * caches; the server invalidates the guests' menu cache itself.
 */
import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Switch } from '../../../components/ui/switch.tsx';
import { ErrorMessage } from '../../../components/ui/error-message.tsx';
import { PageLoading } from '../../../components/ui/page-loading.tsx';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { confirmLeave } from '../../../components/ui/unsaved-changes.ts';
import {
  allergensQuery,
  categoryTreeQuery,
  createCategory,
  createProduct,
  deleteCategory,
  deleteProduct,
  ingredientsQuery,
  menuKeys,
  orderCategories,
  productsQuery,
  setProductStock,
  updateCategory,
  updateProduct,
  type AdminCategory,
  type AdminProduct,
} from '../api/menu.ts';
import { useAdminPlace } from '../hooks/admin-place-store.ts';
import { useAdminT } from '../hooks/use-admin-texts.ts';
import { useTableLabels } from '../hooks/use-table-labels.ts';
import { applyOrder, type OrderItem } from '../lib/category-moves.ts';
import { formatMoneyInput } from '../lib/money.ts';
import { CategoryForm, type CategoryDraft } from './category-form.tsx';
import { CategoryTree } from './category-tree.tsx';
import { Libraries } from './libraries.tsx';
import { MenuImport } from './menu-import.tsx';
import { ProductForm } from './product-form.tsx';
import type { ProductDraft } from './product-form/product-draft.ts';
import s from './admin.module.css';

type Tab = 'menu' | 'ingredients' | 'allergens' | 'import';

function flatten(nodes: AdminCategory[], depth = 0): { id: number; label: string }[] {
  return nodes.flatMap((n) => [
    { id: n.id, label: `${'— '.repeat(depth)}${n.name}` },
    ...flatten(n.children, depth + 1),
  ]);
}

function find(nodes: AdminCategory[], id: number | null): AdminCategory | null {
  for (const n of nodes) {
    if (n.id === id) return n;
    const inner = find(n.children, id);
    if (inner) return inner;
  }
  return null;
}

/** Empty slug = let the server derive it from the name. */
function withoutEmptySlug<T extends { slug?: string }>(body: T): T {
  if (body.slug !== undefined && body.slug.trim() === '') {
    const { slug: _slug, ...rest } = body;
    return rest as T;
  }
  return body;
}

export function MenuEditor() {
  const t = useAdminT();
  const { slug: place } = useAdminPlace();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<Tab>('menu');
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [newCategory, setNewCategory] = useState(false);
  const [productId, setProductId] = useState<number | 'new' | null>(null);
  // The form shown was just created: it opens on the stored item (with its ids) and says "saved".
  const [justCreated, setJustCreated] = useState(false);
  const tree = useQuery(categoryTreeQuery(place));
  const products = useQuery({ ...productsQuery(place, categoryId), enabled: categoryId !== null });
  const allProducts = useQuery(productsQuery(place, null));
  const ingredients = useQuery(ingredientsQuery(place));
  const allergens = useQuery(allergensQuery(place));

  const refresh = () => queryClient.invalidateQueries({ queryKey: menuKeys.all(place) });

  const order = useMutation({
    mutationFn: orderCategories,
    onMutate: async (items: OrderItem[]) => {
      await queryClient.cancelQueries({ queryKey: menuKeys.tree(place) });
      const before = queryClient.getQueryData<AdminCategory[]>(menuKeys.tree(place));
      if (before) queryClient.setQueryData(menuKeys.tree(place), applyOrder(before, items));
      return { before };
    },
    onError: (_e, _items, ctx) => {
      if (ctx?.before) queryClient.setQueryData(menuKeys.tree(place), ctx.before);
    },
    onSuccess: (next) => queryClient.setQueryData(menuKeys.tree(place), next),
  });

  const stock = useMutation({
    mutationFn: ({ id, inStock }: { id: number; inStock: 0 | 1 }) => setProductStock(id, inStock),
    onSuccess: () => void refresh(),
  });

  if (tree.isPending) return <PageLoading />;
  if (tree.error) return <ErrorMessage error={tree.error} onRetry={() => void tree.refetch()} />;

  const categories = flatten(tree.data);
  const category = find(tree.data, categoryId);
  const product =
    typeof productId === 'number'
      ? (products.data?.find((p) => p.id === productId) ??
        allProducts.data?.find((p) => p.id === productId) ??
        null)
      : null;

  // A created item is opened only once the refreshed lists hold it, so its form starts from the stored values.
  async function saveCategory(draft: CategoryDraft) {
    const body = withoutEmptySlug(draft);
    if (category && !newCategory) {
      await updateCategory(category.id, body);
      await refresh();
    } else {
      const created = await createCategory(body);
      await refresh();
      setNewCategory(false);
      setCategoryId(created.id);
      setJustCreated(true);
    }
  }

  async function saveProduct(draft: ProductDraft) {
    const body = withoutEmptySlug(draft);
    if (product) {
      await updateProduct(product.id, body);
      await refresh();
    } else {
      const created = await createProduct(body);
      await refresh();
      setProductId(created.id);
      setJustCreated(true);
    }
  }

  const openProduct = (id: number | 'new' | null) => {
    setJustCreated(false);
    setProductId(id);
  };
  // A move the user asked for (another item, another tab) first asks about unsaved changes in the open form.
  const leaveTexts = {
    title: t('shell.unsaved.title'),
    message: t('shell.unsaved.message'),
    confirmLabel: t('shell.unsaved.leave'),
    cancelLabel: t('shell.unsaved.stay'),
    danger: true,
  };
  const guarded = (move: () => void) => () =>
    void confirmLeave(leaveTexts).then((ok) => {
      if (ok) move();
    });

  return (
    <div>
      <div className={s.row} role="tablist" aria-label={t('nav.menu')} style={{ marginBottom: '1rem' }}>
        {(['menu', 'ingredients', 'allergens', 'import'] as const).map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={tab === id}
            className={tab === id ? s.btn : s.btnGhost}
            onClick={guarded(() => setTab(id))}
          >
            {t(`menu.tabs.${id}`)}
          </button>
        ))}
      </div>
      {tab === 'import' ? (
        <MenuImport />
      ) : tab !== 'menu' ? (
        <Libraries
          kind={tab}
          ingredients={ingredients.data ?? []}
          allergens={allergens.data ?? []}
          onChanged={refresh}
        />
      ) : (
        <div className={s.columns}>
          <section className={s.card} aria-label={t('menu.categories')}>
            <div className={s.row}>
              <h2 style={{ marginRight: 'auto' }}>{t('menu.categories')}</h2>
              <button
                type="button"
                className={s.btnGhost}
                onClick={guarded(() => {
                  setNewCategory(true);
                  openProduct(null);
                })}
              >
                {t('menu.addCategory')}
              </button>
            </div>
            <p className={s.hint}>{t('menu.treeHelp')}</p>
            {order.error && <ErrorMessage error={order.error} />}
            <CategoryTree
              tree={tree.data}
              selectedId={categoryId}
              onSelect={(id) =>
                guarded(() => {
                  setCategoryId(id);
                  setNewCategory(false);
                  openProduct(null);
                })()
              }
              onOrder={(items) => order.mutateAsync(items).catch(() => undefined)}
            />
          </section>
          <div>
            {productId !== null ? (
              <ProductForm
                key={`${productId}`}
                product={product}
                categoryId={categoryId}
                categories={categories}
                products={allProducts.data ?? []}
                ingredients={ingredients.data ?? []}
                allergens={allergens.data ?? []}
                initiallySaved={justCreated}
                onSave={saveProduct}
                onDelete={
                  product
                    ? async () => {
                        await deleteProduct(product.id);
                        openProduct(null);
                        await refresh();
                      }
                    : undefined
                }
                onClose={guarded(() => openProduct(null))}
              />
            ) : newCategory || category ? (
              <>
                <CategoryForm
                  key={newCategory ? 'new' : category?.id}
                  category={newCategory ? null : category}
                  parents={categories}
                  defaultParent={newCategory ? categoryId : null}
                  initiallySaved={justCreated && !newCategory}
                  onSave={saveCategory}
                  onDelete={
                    category && !newCategory
                      ? async () => {
                          await deleteCategory(category.id);
                          setCategoryId(null);
                          await refresh();
                        }
                      : undefined
                  }
                />
                {category && !newCategory && (
                  <ProductList
                    products={products.data}
                    error={products.error}
                    onEdit={(id) => guarded(() => openProduct(id))()}
                    onStock={(id, inStock) => stock.mutate({ id, inStock })}
                    stockError={stock.error}
                  />
                )}
              </>
            ) : (
              <>
                <p className={s.hint}>{t('menu.pickCategory')}</p>
                {/* No category chosen: every product of the venue, to search and sort. */}
                <ProductList
                  products={allProducts.data}
                  error={allProducts.error}
                  onEdit={openProduct}
                  onStock={(id, inStock) => stock.mutate({ id, inStock })}
                  stockError={stock.error}
                  all
                />
              </>
            )}
          </div>
        </div>
      )}
    </div>
  );
}

function ProductList({
  products,
  error,
  onEdit,
  onStock,
  stockError,
  all = false,
}: {
  products: AdminProduct[] | undefined;
  error: unknown;
  onEdit: (id: number | 'new') => void;
  onStock: (id: number, inStock: 0 | 1) => void;
  stockError: unknown;
  /** every product of the venue (no category chosen): no "new product" here, it needs a category */
  all?: boolean;
}) {
  const t = useAdminT();
  const labels = useTableLabels();
  const columns = useMemo<Column<AdminProduct>[]>(
    () => [
      {
        id: 'name',
        header: t('fields.name'),
        cell: (p) => <span dir="auto">{p.name}</span>,
        sortValue: (p) => p.name,
      },
      {
        id: 'price',
        header: t('fields.price'),
        numeric: true,
        cell: (p) => p.product_variants.map((v) => formatMoneyInput(v.price)).join(' / '),
        sortValue: (p) => Math.min(...p.product_variants.map((v) => v.price), Number.MAX_SAFE_INTEGER),
      },
      {
        id: 'stock',
        header: t('fields.in_stock'),
        sortValue: (p) => p.in_stock,
        cell: (p) => (
          <Switch
            className={s.nowrap}
            checked={p.in_stock === 1}
            aria-label={t('menu.inStockOf', { name: p.name })}
            onChange={(e) => onStock(p.id, e.target.checked ? 1 : 0)}
            label={p.in_stock ? t('menu.inStock') : t('menu.outOfStock')}
          />
        ),
      },
      {
        id: 'edit',
        header: '',
        cell: (p) => (
          <button type="button" className={s.btnGhost} onClick={() => onEdit(p.id)}>
            {t('common.edit')}
          </button>
        ),
      },
    ],
    [t, onEdit, onStock],
  );
  return (
    <section className={s.card} aria-label={all ? t('menu.allProducts') : t('menu.products')}>
      <div className={s.row}>
        <h2 style={{ marginRight: 'auto' }}>{all ? t('menu.allProducts') : t('menu.products')}</h2>
        {!all && (
          <button type="button" className={s.btnGhost} onClick={() => onEdit('new')}>
            {t('menu.addProduct')}
          </button>
        )}
      </div>
      {error ? <ErrorMessage error={error} /> : null}
      {stockError ? <ErrorMessage error={stockError} /> : null}
      {!products ? (
        <PageLoading />
      ) : products.length === 0 ? (
        <p>{t('menu.noProducts')}</p>
      ) : (
        <DataTable
          rows={products}
          columns={columns}
          rowKey={(p) => p.id}
          labels={labels}
          caption={all ? t('menu.allProducts') : t('menu.products')}
          searchText={(p) => `${p.name} ${p.description ?? ''}`}
          rowProps={(p) => ({
            className: p.active ? undefined : s.inactive,
            'data-testid': `product-row-${p.id}`,
          })}
        />
      )}
    </section>
  );
}
