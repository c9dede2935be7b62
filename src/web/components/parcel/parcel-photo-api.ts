// Photos of unknown parcels through the photo evidence API (issue 16): an upload is the image's bytes
// as the request body (not JSON, so not callRoute), and an image is read with the bearer token and
// shown as a data: URL (the CSP allows data: images, not blob:).
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { API_PATHS, fillPath } from '../../../contract/api-paths';
import type { PhotoSize, PhotoView } from '../../../contract/photos';
import { apiPath, failureMessages, failureTitle, mapResponse, toQueryString } from '../../api/envelope';
import { readStoredToken } from '../../auth/token-store';

const authHeader = (): Record<string, string> => {
  const { token } = readStoredToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
};

/** Uploads one photo; answers the stored photo, or null after showing the refusal (wrong type, too large). */
export async function uploadPhoto(file: File, customerId: number | null): Promise<PhotoView | null> {
  const query = customerId ? `?${toQueryString({ customer_id: customerId })}` : '';
  let result;
  try {
    const response = await fetch(apiPath(fillPath(API_PATHS.uploadPhoto.path)) + query, {
      method: 'POST',
      headers: { ...authHeader(), 'Content-Type': file.type || 'application/octet-stream', Accept: 'application/json' },
      body: file,
      credentials: 'same-origin',
    });
    result = mapResponse<PhotoView>(response.status, await response.json().catch(() => undefined));
  } catch {
    result = mapResponse<PhotoView>(0, undefined);
  }
  if (result.code === 200) return result.message;
  const messages = failureMessages(result);
  notifications.show({ color: 'red', title: failureTitle(result.code), message: messages.join(' ') || `${file.name} was not saved` });
  return null;
}

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

/** A local file as a data: URL, for the preview before the save. */
export const previewOf = (file: File) => asDataUrl(file);
