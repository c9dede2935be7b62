import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { intArray } from '../../db/sql-helpers.js';
import { parcelEvents, parcelPhotos, parcels, photos } from '../../db/schema/index.js';
import { PARCEL_LIMITS, type ParcelAgeLevel, type ParcelState } from '../../../contract/parcels.js';

export type ParcelRow = typeof parcels.$inferSelect;
export type ParcelEventRow = typeof parcelEvents.$inferSelect;

/** A parcel row with what the screens show next to it (its customer's name and age limits). */
export interface ParcelListRow extends ParcelRow {
  company: string | null;
  amberDays: number;
  redDays: number;
  returnOrderId: number | null;
}

export interface ParcelFilter {
  /** undefined = every parcel (admins); operators: their customers' parcels and those with no customer. */
  visibleCustomerIds?: number[];
  /** With visibleCustomerIds: whether parcels of no customer are visible too (staff: yes; a brand user: no). */
  withUnassigned?: boolean;
  /** A customer's parcels, or 'none' for parcels without a customer. */
  customerId?: number | 'none';
  state?: ParcelState;
  age?: ParcelAgeLevel;
  trackingNumber?: string;
}

export interface ParcelActor {
  userId: number;
  username: string;
}

// One array parameter instead of a list of placeholders: the plan does not change with the list length.

// A parcel without a customer has the default limits.
const AMBER_SQL = `coalesce(c.parcel_amber_days, ${PARCEL_LIMITS.defaultAmberDays})`;
const RED_SQL = `coalesce(c.parcel_red_days, ${PARCEL_LIMITS.defaultRedDays})`;
const AMBER = sql.raw(AMBER_SQL);
const RED = sql.raw(RED_SQL);

/** The WHERE of the queue; needs `parcels p` and (for the age filter) `customers c` joined. */
function whereClause(f: ParcelFilter, now: Date): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.visibleCustomerIds) {
    const unassigned = f.withUnassigned === false ? sql`false` : sql`p.customer_id IS NULL`;
    parts.push(sql`(p.customer_id = ANY(${intArray(f.visibleCustomerIds)}) OR ${unassigned})`);
  }
  if (f.customerId === 'none') parts.push(sql`p.customer_id IS NULL`);
  else if (f.customerId !== undefined) parts.push(sql`p.customer_id = ${f.customerId}`);
  if (f.state) parts.push(sql`p.state = ${f.state}`);
  if (f.trackingNumber) parts.push(sql`upper(p.tracking_number) = ${f.trackingNumber.toUpperCase()}`);
  // Age counts until the parcel was closed (a closed parcel stops ageing).
  const since = sql`coalesce(p.closed_at, ${now.toISOString()}::timestamptz) - p.received_at`;
  if (f.age === 'red') parts.push(sql`${since} >= make_interval(days => ${RED})`);
  if (f.age === 'amber') parts.push(sql`${since} >= make_interval(days => ${AMBER}) AND ${since} < make_interval(days => ${RED})`);
  if (f.age === 'fresh') parts.push(sql`${since} < make_interval(days => ${AMBER})`);
  return sql.join(parts, sql` AND `);
}

const needsCustomers = (f: ParcelFilter) => f.age !== undefined;

interface RawListRow {
  id: number;
  tracking_number: string;
  customer_id: number | null;
  sender_name: string | null;
  sender_address: string | null;
  note: string | null;
  location: string;
  state: string;
  close_reason: string | null;
  return_id: number | null;
  received_at: string | Date;
  received_by: number;
  received_by_name: string;
  closed_at: string | Date | null;
  company: string | null;
  amber_days: number;
  red_days: number;
  return_order_id: number | null;
}

const LIST_COLUMNS = sql.raw(`p.id, p.tracking_number, p.customer_id, p.sender_name, p.sender_address, p.note, p.location, p.state,
  p.close_reason, p.return_id, p.received_at, p.received_by, p.received_by_name, p.closed_at, c.company,
  ${AMBER_SQL} AS amber_days, ${RED_SQL} AS red_days, r.order_id AS return_order_id`);

/** The ids of one page come from an index walk (oldest first); only those rows are joined. */
export function parcelPageQuery(f: ParcelFilter, now: Date, offset: number, limit: number): SQL {
  const join = needsCustomers(f) ? sql`LEFT JOIN customers c ON c.id = p.customer_id` : sql``;
  return sql`
    WITH page AS (
      SELECT p.id FROM parcels p ${join}
      WHERE ${whereClause(f, now)}
      ORDER BY p.received_at ASC, p.id ASC
      OFFSET ${offset} LIMIT ${limit}
    )
    SELECT ${LIST_COLUMNS}
    FROM page
    JOIN parcels p ON p.id = page.id
    LEFT JOIN customers c ON c.id = p.customer_id
    LEFT JOIN returns r ON r.id = p.return_id
    ORDER BY p.received_at ASC, p.id ASC`;
}

export function parcelCountQuery(f: ParcelFilter, now: Date): SQL {
  const join = needsCustomers(f) ? sql`LEFT JOIN customers c ON c.id = p.customer_id` : sql``;
  return sql`SELECT count(*) AS n FROM parcels p ${join} WHERE ${whereClause(f, now)}`;
}

function toListRow(r: RawListRow): ParcelListRow {
  return {
    id: Number(r.id),
    trackingNumber: r.tracking_number,
    customerId: r.customer_id === null ? null : Number(r.customer_id),
    senderName: r.sender_name,
    senderAddress: r.sender_address,
    note: r.note,
    location: r.location,
    state: r.state,
    closeReason: r.close_reason,
    returnId: r.return_id === null ? null : Number(r.return_id),
    receivedAt: new Date(r.received_at),
    receivedBy: Number(r.received_by),
    receivedByName: r.received_by_name,
    closedAt: r.closed_at === null ? null : new Date(r.closed_at),
    company: r.company,
    amberDays: Number(r.amber_days),
    redDays: Number(r.red_days),
    returnOrderId: r.return_order_id === null ? null : Number(r.return_order_id),
  };
}

/** Parcels, their timeline, and the state changes (each conditional on the parcel still waiting). */
export function createParcelsRepository(db: DbOrTx) {
  return {
    async page(f: ParcelFilter, now: Date, page: number, perPage: number): Promise<{ rows: ParcelListRow[]; total: number }> {
      const [count] = await queryRows<{ n: string | number }>(db, parcelCountQuery(f, now));
      const total = Number(count?.n ?? 0);
      if (total === 0 || (page - 1) * perPage >= total) return { rows: [], total };
      const rows = await queryRows<RawListRow>(db, parcelPageQuery(f, now, (page - 1) * perPage, perPage));
      return { rows: rows.map(toListRow), total };
    },

    async find(id: number): Promise<ParcelListRow | undefined> {
      const rows = await queryRows<RawListRow>(
        db,
        sql`SELECT ${LIST_COLUMNS} FROM parcels p
            LEFT JOIN customers c ON c.id = p.customer_id
            LEFT JOIN returns r ON r.id = p.return_id
            WHERE p.id = ${id}`,
      );
      return rows[0] ? toListRow(rows[0]) : undefined;
    },

    async findWaitingByTracking(trackingNumber: string): Promise<ParcelRow | undefined> {
      const [row] = await db
        .select()
        .from(parcels)
        .where(and(sql`upper(${parcels.trackingNumber}) = ${trackingNumber.toUpperCase()}`, eq(parcels.state, 'Waiting')))
        .limit(1);
      return row;
    },

    async findByReturn(returnId: number): Promise<ParcelRow | undefined> {
      const [row] = await db.select().from(parcels).where(eq(parcels.returnId, returnId)).limit(1);
      return row;
    },

    async insert(values: typeof parcels.$inferInsert): Promise<ParcelRow> {
      const [row] = await db.insert(parcels).values(values).returning();
      return row!;
    },

    /**
     * Waiting → Closed/Matched/Converted, only if it is still waiting (a concurrent close or match
     * changes nothing and answers undefined). A parcel without a customer takes the return's.
     */
    async finish(
      id: number,
      change: { state: Exclude<ParcelState, 'Waiting'>; closeReason?: string; returnId?: number; customerId?: number },
      now: Date,
    ): Promise<ParcelRow | undefined> {
      const [row] = await db
        .update(parcels)
        .set({
          state: change.state,
          closeReason: change.closeReason ?? null,
          returnId: change.returnId ?? null,
          ...(change.customerId !== undefined ? { customerId: sql`coalesce(${parcels.customerId}, ${change.customerId})` } : {}),
          closedAt: now,
        })
        .where(and(eq(parcels.id, id), eq(parcels.state, 'Waiting')))
        .returning();
      return row;
    },

    /** Inside a transaction: the parcel, locked until the end of it, if it is still waiting. */
    async lockWaiting(id: number): Promise<ParcelRow | undefined> {
      const [row] = await db
        .select()
        .from(parcels)
        .where(and(eq(parcels.id, id), eq(parcels.state, 'Waiting')))
        .for('update');
      return row;
    },

    /** A waiting parcel's editable fields (its tracking number, state and history stay). */
    async edit(
      id: number,
      values: Pick<ParcelRow, 'customerId' | 'senderName' | 'senderAddress' | 'note' | 'location'>,
    ): Promise<ParcelRow | undefined> {
      const [row] = await db
        .update(parcels)
        .set(values)
        .where(and(eq(parcels.id, id), eq(parcels.state, 'Waiting')))
        .returning();
      return row;
    },

    async addEvent(parcelId: number, actor: ParcelActor, action: string, details: Record<string, unknown>, now: Date): Promise<void> {
      await db.insert(parcelEvents).values({ parcelId, userId: actor.userId, username: actor.username, action, details, createdAt: now });
    },

    async addPhotos(parcelId: number, photoIds: number[], now: Date): Promise<void> {
      if (!photoIds.length) return;
      await db.insert(parcelPhotos).values(photoIds.map((photoId) => ({ parcelId, photoId, createdAt: now })));
    },

    /** Of these photos, those another parcel keeps already. */
    async photosOfParcels(photoIds: number[]): Promise<number[]> {
      if (!photoIds.length) return [];
      const rows = await db.select({ id: parcelPhotos.photoId }).from(parcelPhotos).where(inArray(parcelPhotos.photoId, photoIds));
      return rows.map((r) => r.id);
    },

    async photos(parcelId: number) {
      return db
        .select({ id: photos.id, width: photos.width, height: photos.height })
        .from(parcelPhotos)
        .innerJoin(photos, eq(photos.id, parcelPhotos.photoId))
        .where(eq(parcelPhotos.parcelId, parcelId))
        .orderBy(asc(parcelPhotos.createdAt), asc(photos.id));
    },

    async events(parcelId: number): Promise<ParcelEventRow[]> {
      return db
        .select()
        .from(parcelEvents)
        .where(eq(parcelEvents.parcelId, parcelId))
        .orderBy(asc(parcelEvents.createdAt), asc(parcelEvents.id));
    },
  };
}
export type ParcelsRepository = ReturnType<typeof createParcelsRepository>;
