// Photos kept with unknown parcels (issue 11 with 16), read through the parcel's own route (its
// access rule: a parcel of no customer is everyone's) with the bearer token, shown as a data: URL.
// Taking them is the shared PhotoCapture's job (components/photos).
import { useQuery } from '@tanstack/react-query';
import { API_PATHS, fillPath } from '../../../contract/api-paths';
import type { PhotoSize } from '../../../contract/photo-rules';
import { apiPath } from '../../api/envelope';
import { readStoredToken } from '../../auth/token-store';

const authHeader = (): Record<string, string> => {
  const { token } = readStoredToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
};

function asDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable image'));
    reader.readAsDataURL(blob);
  });
}

/** A parcel's photo as a data: URL (cached like any query; the image never changes). */
export function useParcelPhoto(parcelId: number, photoId: number, size: PhotoSize) {
  return useQuery({
    queryKey: ['parcelPhoto', { parcelId, photoId, size }],
    staleTime: Infinity,
    queryFn: async ({ signal }) => {
      const path = fillPath(API_PATHS.parcelPhoto.path, { id: parcelId, photoId, size });
      const response = await fetch(apiPath(path), { headers: authHeader(), signal, credentials: 'same-origin' });
      if (!response.ok) throw new Error(`photo ${photoId}: ${response.status}`);
      return asDataUrl(await response.blob());
    },
  });
}
