// The one way business code publishes a realtime event: after the transaction that made it
// true has committed, never from inside one that may still roll back.
import { databaseOf, type Db } from '../db';
import type { Broadcast } from './hub';

export type { Broadcast } from './hub';

/** Sends one event to every node (the realtime plugin's hub, or a test's stand-in). */
export type Publisher = (broadcast: Broadcast) => Promise<void>;

/** Failures of a publisher are reported here (the realtime plugin logs them). */
type OnFailure = (error: unknown, broadcast: Broadcast) => void;

const publishers = new WeakMap<Db, { publish: Publisher; onFailure: OnFailure }>();

/** Lets broadcast() publish for this database (the realtime plugin, at start). */
export function attachPublisher(database: Db, publish: Publisher, onFailure: OnFailure): void {
  // The first app on a database keeps it (a second app on the same Db is a test variant).
  if (!publishers.has(database)) publishers.set(database, { publish, onFailure });
}

/** Undoes attachPublisher (the app closes). */
export function detachPublisher(database: Db, publish: Publisher): void {
  if (publishers.get(database)?.publish === publish) publishers.delete(database);
}

/**
 * Publishes an event on channels of every node once the transaction `db` belongs to has
 * committed (at once outside a transaction); nothing is sent when it rolls back. Pass the
 * request's X-Socket-Id (`socketIdOf(request)`) as exceptSocketId to leave the sender out.
 * Without a realtime plugin on the database (scripts, seeding) it does nothing.
 */
export function broadcast(db: Db, event: Broadcast): void {
  db.afterCommit(async () => {
    const target = publishers.get(databaseOf(db));
    if (!target) return;
    try {
      await target.publish(event);
    } catch (error) {
      target.onFailure(error, event);
    }
  });
}
