import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../contract/common.js';
import { PHOTO_MSG, photoIdParam, photoLinkParams, photoParams, photoUploadQuery, photoView } from '../../../contract/photos.js';
import { currentUser, type Guards } from '../../http/auth-guard.js';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';
import type { PhotoImage, PhotosService } from './photos.service.js';

/** What these routes need, handed in by app.ts (the composition root); nothing else is reachable. */
export interface PhotosRoutesOptions {
  guards: Guards;
  photos: PhotosService;
}

const security = [{ bearer: [] }];
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
  app.addHook('onRequest', guards.requireAuth);
  app.addContentTypeParser(IMAGE_BODY, { parseAs: 'buffer', bodyLimit: photos.maxBytes }, (_req, body, done) => done(null, body));
  const tooLarge = PHOTO_MSG.tooLarge(Math.round((photos.maxBytes / 1024 / 1024) * 10) / 10);

  app.post(
    '/photos',
    {
      bodyLimit: photos.maxBytes,
      schema: {
        tags: ['photos'],
        summary:
          'Upload a photo (the image bytes as the body: JPEG, PNG or WebP); stored without metadata, with a display size and a thumbnail',
        security,
        querystring: photoUploadQuery,
        response: { 200: envelope(photoView) },
      },
      // A declared length over the limit is refused before a byte is read, with a message that says so.
      preParsing: async (req) => {
        if (Number(req.headers['content-length'] ?? 0) > photos.maxBytes) throw new AppError(413, tooLarge);
      },
    },
    async (req) => ok(await photos.upload(currentUser(req), req.query.customer_id, req.body)),
  );

  app.get(
    '/photos/:id',
    {
      schema: {
        tags: ['photos'],
        summary: 'What is stored of a photo (size, dimensions, hash, who and when)',
        security,
        params: photoIdParam,
        response: { 200: envelope(photoView) },
      },
    },
    async (req) => ok(await photos.info(currentUser(req), req.params.id)),
  );

  app.get(
    '/photos/:id/:size',
    { schema: { tags: ['photos'], summary: 'A photo as an image: thumb, display or original', security, params: photoParams } },
    async (req, reply) =>
      sendImage(reply, await photos.read(currentUser(req), req.params.id, req.params.size), 'private, max-age=31536000, immutable'),
  );

  app.delete(
    '/photos/:id',
    {
      schema: {
        tags: ['photos'],
        summary: 'Remove a photo of an open draft (a photo a return keeps stays)',
        security,
        params: photoIdParam,
        response: { 200: envelope(z.string()) },
      },
    },
    async (req) => {
      await photos.remove(currentUser(req), req.params.id);
      return ok('Photo removed.');
    },
  );
};

/** GET /api/photo-links/{token}: for receivers without a login; the signed, long-lived token is the authorisation. */
export const photoLinkRoutes: FastifyPluginAsyncZod<Pick<PhotosRoutesOptions, 'photos'>> = async (app, { photos }) => {
  app.get(
    '/photo-links/:token',
    {
      schema: {
        tags: ['photos'],
        summary: 'A photo through a signed link (outbound files, web-shop posts, reports)',
        params: photoLinkParams,
      },
    },
    async (req, reply) => sendImage(reply, await photos.readLink(req.params.token), 'public, max-age=86400'),
  );
};
