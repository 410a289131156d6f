/** Client-wide demo content: the client, its cities, tags, allergens, languages and accounts. */
import type { AllergenKey, L5 } from './types.ts';

export const DEMO_CLIENT = { slug: 'demo', name: 'Demo Hospitality' } as const;

export const CITIES: Record<string, L5> = {
  sofia: ['София', 'Sofia', 'Sofía', 'Sofia', 'Sofia'],
  plovdiv: ['Пловдив', 'Plovdiv', 'Plovdiv', 'Plowdiw', 'Plovdiv'],
};

export const TAGS: Record<string, L5> = {
  restaurant: ['Ресторант', 'Restaurant', 'Restaurante', 'Restaurant', 'Restaurant'],
  hotel: ['Хотел', 'Hotel', 'Hotel', 'Hotel', 'Hôtel'],
  terrace: ['Тераса', 'Terrace', 'Terraza', 'Terrasse', 'Terrasse'],
  delivery: ['Доставка', 'Delivery', 'Entrega a domicilio', 'Lieferung', 'Livraison'],
  vegetarian: [
    'Вегетариански опции',
    'Vegetarian options',
    'Opciones vegetarianas',
    'Vegetarische Gerichte',
    'Options végétariennes',
  ],
  'room-service': [
    'Рум сървис',
    'Room service',
    'Servicio de habitaciones',
    'Zimmerservice',
    'Service en chambre',
  ],
};

/** The 14 allergens of EU Regulation 1169/2011, Annex II, in its order; icons are `allergen-<key>.svg`. */
export const ALLERGENS: { key: AllergenKey; name: L5 }[] = [
  { key: 'gluten', name: ['Глутен', 'Gluten', 'Gluten', 'Gluten', 'Gluten'] },
  { key: 'crustaceans', name: ['Ракообразни', 'Crustaceans', 'Crustáceos', 'Krebstiere', 'Crustacés'] },
  { key: 'eggs', name: ['Яйца', 'Eggs', 'Huevos', 'Eier', 'Œufs'] },
  { key: 'fish', name: ['Риба', 'Fish', 'Pescado', 'Fisch', 'Poisson'] },
  { key: 'peanuts', name: ['Фъстъци', 'Peanuts', 'Cacahuetes', 'Erdnüsse', 'Arachides'] },
  { key: 'soy', name: ['Соя', 'Soybeans', 'Soja', 'Soja', 'Soja'] },
  { key: 'milk', name: ['Мляко', 'Milk', 'Leche', 'Milch', 'Lait'] },
  { key: 'nuts', name: ['Ядки', 'Nuts', 'Frutos de cáscara', 'Schalenfrüchte', 'Fruits à coque'] },
  { key: 'celery', name: ['Целина', 'Celery', 'Apio', 'Sellerie', 'Céleri'] },
  { key: 'mustard', name: ['Горчица', 'Mustard', 'Mostaza', 'Senf', 'Moutarde'] },
  { key: 'sesame', name: ['Сусам', 'Sesame', 'Sésamo', 'Sesam', 'Sésame'] },
  {
    key: 'sulphites',
    name: ['Серен диоксид и сулфити', 'Sulphites', 'Sulfitos', 'Sulfite', 'Sulfites'],
  },
  { key: 'lupin', name: ['Лупина', 'Lupin', 'Altramuces', 'Lupinen', 'Lupin'] },
  { key: 'molluscs', name: ['Мекотели', 'Molluscs', 'Moluscos', 'Weichtiere', 'Mollusques'] },
];

/** Language rows of every place: code, own name; bg is the default. */
export const LANGUAGES: { code: string; name: string }[] = [
  { code: 'bg', name: 'Български' },
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Español' },
  { code: 'de', name: 'Deutsch' },
  { code: 'fr-CH', name: 'Français (Suisse)' },
];

export interface AccountDef {
  email: string;
  password: string;
  role: string;
  firstName: string;
  lastName: string;
  phone: string;
  address: string | null;
  points: number;
  /** Euro cents. */
  accumulatedAmount: number;
  /** Place slugs the staff member works at. */
  places: string[];
}

/** Demo accounts; the passwords are public (README) and printed at first start. */
export const ACCOUNTS: AccountDef[] = [
  {
    email: 'admin@demo.test',
    password: 'demo-admin',
    role: 'CLIENT_ADMIN',
    firstName: 'Мария',
    lastName: 'Петрова',
    phone: '+359888100200',
    address: null,
    points: 0,
    accumulatedAmount: 0,
    places: [],
  },
  {
    email: 'waiter@demo.test',
    password: 'demo-waiter',
    role: 'WAITER',
    firstName: 'Георги',
    lastName: 'Иванов',
    phone: '+359888300400',
    address: null,
    points: 0,
    accumulatedAmount: 0,
    places: ['bistro', 'hotel'],
  },
  {
    email: 'guest@demo.test',
    password: 'demo-guest',
    role: 'USER',
    firstName: 'Елена',
    lastName: 'Димитрова',
    phone: '+359888500600',
    address: 'ул. „Шипка“ 34, ет. 3, ап. 7, 1504 София',
    points: 120,
    accumulatedAmount: 500,
    places: [],
  },
];
