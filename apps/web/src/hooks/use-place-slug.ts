import { useParams } from 'react-router';

/** The `{place}` URL segment; every place route has it. */
export function usePlaceSlug(): string {
  const { place } = useParams();
  return place ?? '';
}
