import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PHOTO_MSG } from '../../../contract/photos.js';
import { currentUser, type Guards } from '../../http/auth-guard.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';
import type { PhotoImage, PhotosService } from './photos.service.js';

/** What these routes need, handed in by app.ts (the composition root); nothing else is reachable. */
export interface PhotosRoutesOptions {
  guards: Guards;
  photos: PhotosService;
}

/** The bytes of an upload are read as they are; what they are is decided from their content. */
const IMAGE_BODY = /^(image\/[a-z0-9.+-]+|application\/octet-stream)$/i;

export function sendImage(reply: FastifyReply, image: PhotoImage, cacheControl: string) {
  return reply
    .header('content-type', image.contentType)
    .header('content-disposition', `inline; filename="${image.fileName}"`)
    .header('cache-control', cacheControl)
    .header('x-content-type-options', 'nosniff')
    .send(image.body);
}

/** /api/photos: upload, read and remove photo evidence (issue 16). */
export const photosRoutes: FastifyPluginAsyncZod<PhotosRoutesOptions> = async (app, { guards, photos }) => {
  const route = contractRoutes(app, guards);
  const common = { access: 'user', tags: ['photos'] } as const;
  // Looking at a photo is the brand's too (its customers' photos only; issue 25), taking one is the warehouse's.
  const look = { access: 'portal', tags: ['photos'] } as const;
  app.addContentTypeParser(IMAGE_BODY, { parseAs: 'buffer', bodyLimit: photos.maxBytes }, (_req, body, done) => done(null, body));
  const tooLarge = PHOTO_MSG.tooLarge(Math.round((photos.maxBytes / 1024 / 1024) * 10) / 10);

  route('uploadPhoto', {
    ...common,
    summary:
      'Upload a photo (the image bytes as the body: JPEG, PNG or WebP); stored without metadata, with a display size and a thumbnail',
    options: {
      bodyLimit: photos.maxBytes,
      // A declared length over the limit is refused before a byte is read, with a message that says so.
      preParsing: async (req) => {
        if (Number(req.headers['content-length'] ?? 0) > photos.maxBytes) throw new AppError(413, tooLarge);
      },
    },
    handler: async (req) => ok(await photos.upload(currentUser(req), req.query.customer_id, req.body)),
  });

  route('photoInfo', {
    ...look,
    summary: 'What is stored of a photo (size, dimensions, hash, who and when)',
    handler: async (req) => ok(await photos.info(currentUser(req), req.params.id)),
  });

  route('readPhoto', {
    ...look,
    summary: 'A photo as an image: thumb, display or original',
    handler: async (req, reply) =>
      sendImage(reply, await photos.read(currentUser(req), req.params.id, req.params.size), 'private, max-age=31536000, immutable'),
  });

  route('deletePhoto', {
    ...common,
    summary: 'Remove a photo of an open draft (a photo a return keeps stays)',
    handler: async (req) => {
      await photos.remove(currentUser(req), req.params.id);
      return ok('Photo removed.');
    },
  });
};

/** GET /api/photo-links/{token}: for receivers without a login; the signed, long-lived token is the authorisation. */
export const photoLinkRoutes: FastifyPluginAsyncZod<Pick<PhotosRoutesOptions, 'photos'>> = async (app, { photos }) => {
  contractRoutes(app)('photoLink', {
    access: 'public',
    tags: ['photos'],
    summary: 'A photo through a signed link (outbound files, web-shop posts, reports)',
    handler: async (req, reply) => sendImage(reply, await photos.readLink(req.params.token), 'public, max-age=86400'),
  });
};
