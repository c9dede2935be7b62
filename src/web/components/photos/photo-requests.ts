// Photo evidence in the SPA (issue 16): uploads with progress (XMLHttpRequest: fetch reports no
// upload progress) and images read with the bearer token into object URLs (an <img> cannot send it).
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { API_PATHS, fillPath } from '../../../contract/api-paths';
import type { PhotoSize } from '../../../contract/photo-rules';
import type { PhotoView } from '../../../contract/photos';
import { readStoredToken } from '../../auth/token-store';
import { apiPath, mapResponse, networkFailure, type ApiResult } from '../../api/envelope';

/** Sends one image; `onProgress` gets 0…1 as the bytes leave. Never throws. */
export function uploadPhoto(
  file: Blob,
  customerId: number | undefined,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<ApiResult<PhotoView>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    const query = customerId ? `?customer_id=${customerId}` : '';
    xhr.open('POST', apiPath(API_PATHS.uploadPhoto.path) + query);
    const { token } = readStoredToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    // What the file is, the server reads from its bytes; this only has to be an image type.
    xhr.setRequestHeader('Content-Type', file.type.startsWith('image/') ? file.type : 'application/octet-stream');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      resolve(mapResponse<PhotoView>(xhr.status, body));
    };
    xhr.onerror = () => resolve(networkFailure());
    xhr.onabort = () => resolve(networkFailure());
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(file);
  });
}

export async function fetchPhotoBlob(id: number, size: PhotoSize, signal?: AbortSignal): Promise<Blob> {
  const { token } = readStoredToken();
  const response = await fetch(apiPath(fillPath(API_PATHS.readPhoto.path, { id, size })), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    signal,
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error(`Photo ${id} could not be read (${response.status}).`);
  return response.blob();
}

/** An object URL of a photo's image, or undefined while it loads; freed when the component lets go. */
export function usePhotoUrl(id: number, size: PhotoSize): { url: string | undefined; failed: boolean } {
  // A photo never changes under its id: read once per session.
  const query = useQuery({
    queryKey: ['readPhoto', { id, size }],
    queryFn: ({ signal }) => fetchPhotoBlob(id, size, signal),
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    retry: 1,
  });
  const url = useMemo(() => (query.data ? URL.createObjectURL(query.data) : undefined), [query.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return { url, failed: query.isError };
}
