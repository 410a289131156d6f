/**
 * The key the e2e server's payment provider simulator derives its demo merchant accounts from (playwright.config.ts
 * passes it as PAYMENT_SIMULATOR_SECRET), so a journey can type a venue's simulator credentials on the admin's
 * Payments screen. Test only: a real installation generates its own into DATA_DIR.
 */
export const E2E_SIMULATOR_SECRET = 'e2e-payment-simulator-secret-for-the-journeys-only';
