import type { ReturnView } from '../../../contract/return-view.js';
import { notFound } from '../../http/errors.js';
import type { AuthUser } from '../auth/auth-user.js';
import type { CustomerAccess } from '../customers/customer-access.service.js';
import type { PhotosRepository } from '../photos/photos.repository.js';
import { presentPhotoRef } from '../photos/photos.service.js';
import { presentReturn } from './return.presenter.js';
import type { ReturnViewRepository } from './return-view.repository.js';
import type { DecisionsRepository } from '../decisions/decisions.repository.js';
import { presentDecision } from '../decisions/decisions.presenter.js';
import type { Clock } from '../../lib/clock.js';

/** Return View (SPEC §2.10): one return with its order, lines and timeline tasks. */
export function createReturnViewService(deps: {
  repo: ReturnViewRepository;
  photos: PhotosRepository;
  customerAccess: CustomerAccess;
  decisions: DecisionsRepository;
  clock: Clock;
}) {
  const { repo, photos, customerAccess, decisions, clock } = deps;
  return {
    async read(user: AuthUser, returnId: number, orderId: number | 'blind'): Promise<ReturnView> {
      const found = await repo.findReturn(returnId);
      // The path's order part must name this return's order (or 'blind'); anything else is not this return.
      const matches = found && (orderId === 'blind' ? found.ret.isBlind && found.ret.orderId === null : found.ret.orderId === orderId);
      if (!found || !matches) throw notFound('Return not found.');
      await customerAccess.require(user, found.ret.customerId);
      const r = found.ret;
      const [order, lines, missing, tasks, photoRows, parcel, versions, decided] = await Promise.all([
        r.orderId === null ? Promise.resolve(undefined) : repo.findOrder(r.orderId),
        repo.lines(r.id),
        repo.missingLines(r.id),
        repo.timelineTasks(r.id, r.orderId),
        r.photoCount > 0 ? photos.ofReturn(r.id) : Promise.resolve([]),
        repo.parcelOf(r.id),
        r.version > 1 ? repo.versions(r.id) : Promise.resolve([]),
        // Issue 25: a return with lines waiting, or decided (a decision is a version), shows its decisions.
        r.awaitingDecisions > 0 || r.version > 1 ? decisions.ofReturn(r.id) : Promise.resolve([]),
      ]);
      return {
        ...presentReturn(r),
        company: found.company,
        order_source: found.orderSource,
        message_id: r.messageId,
        tracking_number: r.trackingNumber,
        parcel,
        version: r.version,
        corrected_at: r.correctedAt?.toISOString() ?? null,
        versions,
        order: order ?? null,
        lines,
        has_discrepancies: r.hasDiscrepancies,
        missing_lines: missing,
        tasks,
        photos: photoRows.map(presentPhotoRef),
        awaiting_decisions: r.awaitingDecisions,
        decisions: decided.map((d) => presentDecision(d, clock.now())),
      };
    },
  };
}
export type ReturnViewService = ReturnType<typeof createReturnViewService>;
