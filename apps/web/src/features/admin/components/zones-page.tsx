export function ZonesPage() {
  return null;
}
