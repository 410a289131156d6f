export function PromotionsPage() {
  return null;
}
