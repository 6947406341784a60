// Changes to records that other tabs or back-ends made, as the realtime connection hears them
// (event `RecordChanged` on `private-records.<entity>`, server/src/graphql/record-changes.ts).
// The Apollo cache follows them (graphql/apollo.ts): an update with the record's fields is written into the cached record,
// anything else evicts the record and every cached list page, so the lists on screen refetch.
import { Subject } from 'rxjs';

/** One changed record: its GraphQL type and id, what happened, and (on update) its new fields. */
export interface RecordChange {
  /** The GraphQL type name, e.g. `Client`. */
  typename: string;
  id: string | number;
  change: 'created' | 'updated' | 'deleted';
  /** The record's new field values (an update); without them the record is refetched. */
  record?: Record<string, unknown>;
}

/** The Echo event name (leading dot: no namespace prefix, as Laravel's `broadcastAs`). */
export const RECORD_CHANGED_EVENT = '.RecordChanged';

const changes = new Subject<RecordChange>();

/** Every record change heard (the realtime connection and tests feed it). */
export const recordChanges$ = changes.asObservable();

/** Passes one record change on to the cache (and anyone else listening). */
export function recordChanged(change: RecordChange): void {
  changes.next(change);
}
