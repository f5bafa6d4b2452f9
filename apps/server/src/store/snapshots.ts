/**
 * Snapshots: every replace keeps the configuration it replaces in `glowkit_snapshots`, so that a
 * restore can be undone. Only the newest MAX_SNAPSHOTS are kept.
 */
import { type SnapshotInfo, snapshotReasonOf } from '@glowkit/protocol';
import type { Configuration } from '../config/configuration.js';
import type { Db } from './sql.js';

/** How many snapshots are kept; older ones are dropped when a new one is taken. */
export const MAX_SNAPSHOTS = 50;

/** A kept configuration, without its content (`config getsnapshots`): protocol's. */
export type { SnapshotInfo };

/**
 * Stores a configuration (its JSON text) as a new snapshot and drops the oldest beyond the cap;
 * returns its id.
 */
export function takeSnapshot(db: Db, configText: string, reason: string, now: string): number {
  const { lastInsertRowid } = db
    .prepare('INSERT INTO glowkit_snapshots (created_at, reason, config) VALUES (?, ?, ?)')
    .run(now, reason, configText);
  db.prepare(
    'DELETE FROM glowkit_snapshots WHERE id NOT IN (SELECT id FROM glowkit_snapshots ORDER BY id DESC LIMIT ?)',
  ).run(MAX_SNAPSHOTS);
  return Number(lastInsertRowid);
}

/** The snapshots, newest first. */
export function listSnapshots(db: Db): SnapshotInfo[] {
  const rows = db
    .prepare(
      `SELECT id, created_at AS createdAt, reason,
              CASE WHEN json_valid(config) THEN coalesce(json_array_length(config, '$.instances'), 0)
                   ELSE 0 END AS instances,
              length(CAST(config AS BLOB)) AS bytes
         FROM glowkit_snapshots ORDER BY id DESC`,
    )
    .all() as Omit<SnapshotInfo, 'reasonCode'>[];
  return rows.map((row) => {
    const reason = String(row.reason);
    const { code, params } = snapshotReasonOf(reason);
    return {
      id: Number(row.id),
      createdAt: String(row.createdAt),
      reason,
      reasonCode: code,
      ...(params === undefined ? {} : { reasonParams: params }),
      instances: Number(row.instances),
      bytes: Number(row.bytes),
    };
  });
}

/** The configuration kept in snapshot `id`, or undefined when there is none. */
export function readSnapshot(db: Db, id: number): Configuration | undefined {
  const row = db.prepare('SELECT config FROM glowkit_snapshots WHERE id = ?').get(id) as
    | { config: string }
    | undefined;
  return row === undefined ? undefined : (JSON.parse(row.config) as Configuration);
}

/** Whether there is a snapshot `id`. */
export function hasSnapshot(db: Db, id: number): boolean {
  return db.prepare('SELECT 1 FROM glowkit_snapshots WHERE id = ?').get(id) !== undefined;
}
