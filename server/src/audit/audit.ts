import type { Db } from '../db';

/** Writes one audit-log entry: who (userId) did what (action) to whom (subjectId). */
export async function recordAudit(
  db: Db,
  userId: number | null,
  action: string,
  subjectId: number | null,
  data: Record<string, unknown> = {},
): Promise<void> {
  await db.query(
    'INSERT INTO audit_log (user_id, action, subject_id, data) VALUES ($1, $2, $3, $4::jsonb)',
    [userId, action, subjectId, JSON.stringify(data)],
  );
}
