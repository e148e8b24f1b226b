// Sends CSV files (written by common/csv.ts) as downloads.
import type { FastifyReply } from 'fastify';

export { type CsvCell, csvCell, toCsv } from '../../../common/csv.js';

/** Sends a CSV as a download named `filename` (ASCII letters, digits, '-', '_' and '.'). */
export function sendCsv(reply: FastifyReply, { filename, csv }: { filename: string; csv: string }) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(csv);
}
