/**
 * Every migration, in order. An in-code provider (rather than reading the folder) works the same under Node's type
 * stripping, Vitest and any bundler; add each new migration file here with its timestamped name.
 */
import type { Migration, MigrationProvider } from 'kysely/migration';
import * as createSchema from './2026-11-22T1200-create-schema.ts';
import * as createStaffEvents from './2026-11-28T1200-create-staff-events.ts';
import * as loyaltyAndRefunds from './2026-12-05T1200-loyalty-and-refunds.ts';
import * as clientBrand from './2026-12-06T1200-client-brand.ts';
import * as clientDomain from './2026-12-07T1200-client-domain.ts';
import * as platform from './2026-12-11T1200-platform.ts';
import * as moneyBigint from './2026-12-12T1200-money-bigint.ts';
import * as storedImages from './2026-12-14T1200-stored-images.ts';
import * as printing from './2026-12-15T1200-printing.ts';
import * as tableParty from './2026-12-16T1200-table-party.ts';
import * as printJobProblem from './2026-12-22T1200-print-job-problem.ts';
import * as productSku from './2026-12-22T1300-product-sku.ts';
import * as bookingGuestKeys from './2026-12-23T1200-booking-guest-keys.ts';
import * as accountCounters from './2026-12-24T1200-account-counters.ts';
import * as emailConfirmation from './2026-12-24T1201-email-confirmation.ts';
import * as paymentAccounts from './2026-12-28T1200-payment-accounts.ts';
import * as orderNumbers from './2026-12-25T1200-order-numbers.ts';
import * as goLive from './2027-01-01T1200-go-live.ts';
import * as orderTracking from './2027-01-04T1200-order-tracking.ts';
import * as tableCartPushes from './2027-01-04T1300-table-cart-pushes.ts';
import * as uploadObjects from './2027-01-11T1200-upload-objects.ts';
import * as orderScheduledStart from './2027-01-15T1200-order-scheduled-start.ts';
import * as guestModulesOn from './2027-02-07T1200-guest-modules-on.ts';
import * as deliveryShapeTranslations from './2027-02-08T1200-delivery-shape-translations.ts';

const migrations: Record<string, Migration> = {
  '2026-11-22T1200-create-schema': createSchema,
  '2026-11-28T1200-create-staff-events': createStaffEvents,
  '2026-12-05T1200-loyalty-and-refunds': loyaltyAndRefunds,
  '2026-12-06T1200-client-brand': clientBrand,
  '2026-12-07T1200-client-domain': clientDomain,
  '2026-12-11T1200-platform': platform,
  '2026-12-12T1200-money-bigint': moneyBigint,
  '2026-12-14T1200-stored-images': storedImages,
  '2026-12-15T1200-printing': printing,
  '2026-12-16T1200-table-party': tableParty,
  '2026-12-22T1200-print-job-problem': printJobProblem,
  '2026-12-22T1300-product-sku': productSku,
  '2026-12-23T1200-booking-guest-keys': bookingGuestKeys,
  '2026-12-24T1200-account-counters': accountCounters,
  '2026-12-24T1201-email-confirmation': emailConfirmation,
  '2026-12-28T1200-payment-accounts': paymentAccounts,
  '2026-12-25T1200-order-numbers': orderNumbers,
  '2027-01-01T1200-go-live': goLive,
  '2027-01-04T1200-order-tracking': orderTracking,
  '2027-01-04T1300-table-cart-pushes': tableCartPushes,
  '2027-01-11T1200-upload-objects': uploadObjects,
  '2027-01-15T1200-order-scheduled-start': orderScheduledStart,
  '2027-02-07T1200-guest-modules-on': guestModulesOn,
  '2027-02-08T1200-delivery-shape-translations': deliveryShapeTranslations,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
