import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendImage } from '../photos/photos.routes.js';
import { currentUser, type Guards } from '../../http/auth-guard.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import type { ParcelsService } from './parcels.service.js';

/** What these routes need, handed in by app.ts (the composition root); nothing else is reachable. */
export interface ParcelsRoutesOptions {
  guards: Guards;
  parcels: ParcelsService;
}

export const parcelsRoutes: FastifyPluginAsyncZod<ParcelsRoutesOptions> = async (app, { guards, parcels }) => {
  const route = contractRoutes(app, guards);
  const common = { access: 'user', tags: ['parcels'] } as const;
  // Reading a parcel is the brand's too (its customers' parcels only; issue 25), intake is the warehouse's.
  const read = { access: 'portal', tags: ['parcels'] } as const;

  route('listParcels', {
    ...read,
    summary: 'The queue of unknown parcels, oldest first, 50 a page, filtered by customer, state, age and tracking number',
    handler: async (req) => ok(await parcels.list(currentUser(req), req.query)),
  });

  route('intakeParcel', {
    ...common,
    summary: 'Take in an unknown parcel (a second waiting parcel with the same tracking number is refused)',
    handler: async (req) => ok(await parcels.intake(currentUser(req), req.body)),
  });

  route('readParcel', {
    ...read,
    summary: 'One parcel with its timeline',
    handler: async (req) => ok(await parcels.read(currentUser(req), req.params.id)),
  });

  route('editParcel', {
    ...common,
    summary:
      "Edit a waiting parcel: shelf, sender, note, and its customer while it has none (each edit on the parcel's timeline; 409 when it is no longer waiting)",
    handler: async (req) => ok(await parcels.edit(currentUser(req), req.params.id, req.body)),
  });

  route('addParcelPhotos', {
    ...common,
    summary: 'Keep photos taken later with a waiting parcel (uploaded first through POST /api/photos; 409 when it is no longer waiting)',
    handler: async (req) => ok(await parcels.addPhotos(currentUser(req), req.params.id, req.body)),
  });

  route('parcelPhoto', {
    ...read,
    summary: "A parcel's photo as an image (thumb, display or original), for whoever may see the parcel",
    handler: async (req, reply) =>
      sendImage(
        reply,
        await parcels.photo(currentUser(req), req.params.id, req.params.photoId, req.params.size),
        'private, max-age=31536000, immutable',
      ),
  });

  route('closeParcel', {
    ...common,
    summary: 'Close a waiting parcel without a return, with a reason (409 when it is no longer waiting)',
    handler: async (req) => ok(await parcels.close(currentUser(req), req.params.id, req.body)),
  });
};
