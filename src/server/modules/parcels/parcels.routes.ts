import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../../contract/common.js';
import {
  parcelAddPhotosBody,
  parcelCloseBody,
  parcelDetail,
  parcelEditBody,
  parcelIdParam,
  parcelIntakeBody,
  parcelPage,
  parcelPhotoParams,
  parcelQueueQuery,
} from '../../../contract/parcels.js';
import { sendImage } from '../photos/photos.routes.js';
import { currentUser, type Guards } from '../../http/auth-guard.js';
import { ok } from '../../http/envelope.js';
import type { ParcelsService } from './parcels.service.js';

/** What these routes need, handed in by app.ts (the composition root); nothing else is reachable. */
export interface ParcelsRoutesOptions {
  guards: Guards;
  parcels: ParcelsService;
}

export const parcelsRoutes: FastifyPluginAsyncZod<ParcelsRoutesOptions> = async (app, { guards, parcels }) => {
  app.addHook('onRequest', guards.requireAuth);
  const security = [{ bearer: [] }];
  const tags = ['parcels'];

  app.get(
    '/parcels',
    {
      schema: {
        tags,
        summary: 'The queue of unknown parcels, oldest first, 50 a page, filtered by customer, state, age and tracking number',
        security,
        querystring: parcelQueueQuery,
        response: { 200: envelope(parcelPage) },
      },
    },
    async (req) => ok(await parcels.list(currentUser(req), req.query)),
  );

  app.post(
    '/parcels',
    {
      schema: {
        tags,
        summary: 'Take in an unknown parcel (a second waiting parcel with the same tracking number is refused)',
        security,
        body: parcelIntakeBody,
        response: { 200: envelope(parcelDetail) },
      },
    },
    async (req) => ok(await parcels.intake(currentUser(req), req.body)),
  );

  app.get(
    '/parcels/:id',
    {
      schema: { tags, summary: 'One parcel with its timeline', security, params: parcelIdParam, response: { 200: envelope(parcelDetail) } },
    },
    async (req) => ok(await parcels.read(currentUser(req), req.params.id)),
  );

  app.put(
    '/parcels/:id',
    {
      schema: {
        tags,
        summary:
          "Edit a waiting parcel: shelf, sender, note, and its customer while it has none (each edit on the parcel's timeline; 409 when it is no longer waiting)",
        security,
        params: parcelIdParam,
        body: parcelEditBody,
        response: { 200: envelope(parcelDetail) },
      },
    },
    async (req) => ok(await parcels.edit(currentUser(req), req.params.id, req.body)),
  );

  app.post(
    '/parcels/:id/photos',
    {
      schema: {
        tags,
        summary:
          'Keep photos taken later with a waiting parcel (uploaded first through POST /api/photos; 409 when it is no longer waiting)',
        security,
        params: parcelIdParam,
        body: parcelAddPhotosBody,
        response: { 200: envelope(parcelDetail) },
      },
    },
    async (req) => ok(await parcels.addPhotos(currentUser(req), req.params.id, req.body)),
  );

  app.get(
    '/parcels/:id/photos/:photoId/:size',
    {
      schema: {
        tags,
        summary: "A parcel's photo as an image (thumb, display or original), for whoever may see the parcel",
        security,
        params: parcelPhotoParams,
      },
    },
    async (req, reply) =>
      sendImage(
        reply,
        await parcels.photo(currentUser(req), req.params.id, req.params.photoId, req.params.size),
        'private, max-age=31536000, immutable',
      ),
  );

  app.post(
    '/parcels/:id/close',
    {
      schema: {
        tags,
        summary: 'Close a waiting parcel without a return, with a reason (409 when it is no longer waiting)',
        security,
        params: parcelIdParam,
        body: parcelCloseBody,
        response: { 200: envelope(parcelDetail) },
      },
    },
    async (req) => ok(await parcels.close(currentUser(req), req.params.id, req.body)),
  );
};
