import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.js';

/**
 * The one way the house runs statements together: a feature names its repositories once
 * (`build`); `repos` are those repositories on the pool, and `transaction(work)` runs `work` with
 * the same repositories bound to one transaction (a savepoint when `db` is a transaction already,
 * as in the demo-data load). `work` also gets the unit of work of that transaction, for savepoints
 * inside it (the order import writes each batch in one). Services neither open a transaction nor
 * build a repository on one.
 */
export interface UnitOfWork<R> {
  readonly repos: R;
  transaction<T>(work: (repos: R, inner: UnitOfWork<R>) => Promise<T>, config?: PgTransactionConfig): Promise<T>;
}

export function unitOfWork<R>(db: DbOrTx, build: (db: DbOrTx) => R): UnitOfWork<R> {
  return {
    repos: build(db),
    transaction: (work, config) =>
      db.transaction((tx) => {
        const inner = unitOfWork(tx, build);
        return work(inner.repos, inner);
      }, config),
  };
}
