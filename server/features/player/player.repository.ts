// SQL of the player's streams: a PDF entry or an activity entry of one of the caller's groups,
// with what is needed to find its file.
import type { Db } from '../../db/database.js';
import type { Caller } from '../auth/caller.js';
import { callerOwnsGroup, selectOwnedEntry } from '../groups/group-access.repository.js';

export function findOwnedPdfFile(
  db: Db,
  caller: Caller,
  entryId: number,
): Promise<{ file_key: string; title: string } | undefined> {
  return db
    .selectFrom('group_pdfs as gp')
    .innerJoin('class_groups as g', 'g.id', 'gp.group_id')
    .innerJoin('pdfs as d', 'd.id', 'gp.pdf_id')
    .select(['d.file_key', 'd.title'])
    .where('gp.id', '=', entryId)
    .where(callerOwnsGroup(caller))
    .executeTakeFirst();
}

export function findOwnedActivityPackage(
  db: Db,
  caller: Caller,
  entryId: number,
): Promise<{ package_hash: string; title: string } | undefined> {
  return selectOwnedEntry(db, caller, entryId)
    .innerJoin('activities as a', 'a.id', 'ga.activity_id')
    .select(['a.package_hash', 'a.title'])
    .executeTakeFirst();
}
