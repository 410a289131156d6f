/**
 * Menu editor calls (admin-menu.routes.ts): category tree and order, products, stock toggle, ingredient and
 * allergen libraries, image upload. Every key starts with ['admin', place] so switching places never mixes caches.
 */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AdminAllergen,
  AdminAllergenCreateBody,
  AdminCategory,
  AdminCategoryCreateBody,
  AdminCategoryOrderBody,
  AdminCategoryUpdateBody,
  AdminImageResponse,
  AdminIngredient,
  AdminIngredientCreateBody,
  AdminProduct,
  AdminProductCreateBody,
  AdminProductUpdateBody,
} from '@trapeza/domain/contracts/admin';
import { adminRequest } from './admin-client.ts';

export type { AdminCategory, AdminProduct, AdminImageResponse };
export type AdminIngredientRow = z.infer<typeof AdminIngredient>;
export type AdminAllergenRow = z.infer<typeof AdminAllergen>;
export type CategoryOrderItem = z.infer<typeof AdminCategoryOrderBody>[number];

export const menuKeys = {
  all: (place: string) => ['admin', place, 'menu'] as const,
  tree: (place: string) => ['admin', place, 'menu', 'categories'] as const,
  products: (place: string, categoryId: number | null) =>
    ['admin', place, 'menu', 'products', categoryId] as const,
  product: (place: string, id: number) => ['admin', place, 'menu', 'product', id] as const,
  ingredients: (place: string) => ['admin', place, 'menu', 'ingredients'] as const,
  allergens: (place: string) => ['admin', place, 'menu', 'allergens'] as const,
};

export const categoryTreeQuery = (place: string) =>
  queryOptions({
    queryKey: menuKeys.tree(place),
    queryFn: () => adminRequest<AdminCategory[]>('admin/categories'),
  });

export const productsQuery = (place: string, categoryId: number | null) =>
  queryOptions({
    queryKey: menuKeys.products(place, categoryId),
    queryFn: () =>
      adminRequest<AdminProduct[]>(categoryId ? `admin/products?categoryId=${categoryId}` : 'admin/products'),
  });

export const ingredientsQuery = (place: string) =>
  queryOptions({
    queryKey: menuKeys.ingredients(place),
    queryFn: () => adminRequest<AdminIngredientRow[]>('admin/ingredients'),
  });

export const allergensQuery = (place: string) =>
  queryOptions({
    queryKey: menuKeys.allergens(place),
    queryFn: () => adminRequest<AdminAllergenRow[]>('admin/allergens'),
  });

export const orderCategories = (items: CategoryOrderItem[]) =>
  adminRequest<AdminCategory[]>('admin/categories/order', { method: 'PUT', body: items });
export const createCategory = (body: AdminCategoryCreateBody) =>
  adminRequest<AdminCategory>('admin/categories', { method: 'POST', body });
export const updateCategory = (id: number, body: AdminCategoryUpdateBody) =>
  adminRequest<AdminCategory>(`admin/categories/${id}`, { method: 'PUT', body });
export const deleteCategory = (id: number) =>
  adminRequest<{ ok: true }>(`admin/categories/${id}`, { method: 'DELETE' });

export const createProduct = (body: AdminProductCreateBody) =>
  adminRequest<AdminProduct>('admin/products', { method: 'POST', body });
export const updateProduct = (id: number, body: AdminProductUpdateBody) =>
  adminRequest<AdminProduct>(`admin/products/${id}`, { method: 'PUT', body });
export const deleteProduct = (id: number) =>
  adminRequest<{ ok: true }>(`admin/products/${id}`, { method: 'DELETE' });
export const setProductStock = (id: number, inStock: 0 | 1) =>
  adminRequest<{ id: number; in_stock: 0 | 1 }>(`admin/products/${id}/stock`, {
    method: 'PATCH',
    body: { in_stock: inStock },
  });

export const createIngredient = (body: z.input<typeof AdminIngredientCreateBody>) =>
  adminRequest<AdminIngredientRow>('admin/ingredients', { method: 'POST', body });
export const updateIngredient = (id: number, body: Partial<z.input<typeof AdminIngredientCreateBody>>) =>
  adminRequest<AdminIngredientRow>(`admin/ingredients/${id}`, { method: 'PUT', body });
export const deleteIngredient = (id: number) =>
  adminRequest<{ ok: true }>(`admin/ingredients/${id}`, { method: 'DELETE' });

export const createAllergen = (body: z.input<typeof AdminAllergenCreateBody>) =>
  adminRequest<AdminAllergenRow>('admin/allergens', { method: 'POST', body });
export const updateAllergen = (id: number, body: Partial<z.input<typeof AdminAllergenCreateBody>>) =>
  adminRequest<AdminAllergenRow>(`admin/allergens/${id}`, { method: 'PUT', body });
export const deleteAllergen = (id: number) =>
  adminRequest<{ ok: true }>(`admin/allergens/${id}`, { method: 'DELETE' });

/** POST admin/images (multipart, field `file`): the stored renditions; `path` goes into the product. */
export function uploadImage(file: File): Promise<AdminImageResponse> {
  const form = new FormData();
  form.append('file', file);
  return adminRequest<AdminImageResponse>('admin/images', { method: 'POST', form });
}
