// What both readers of an import file (sheet-reader.ts for CSV, xlsx-reader.ts) yield, in a module of
// its own so that neither reader imports the other's.
/** A row of cells as text; `line` is its row number in the file (the header is line 1). `progress`
 * is how far into the file the reader is, from 0 to 1. */
export type SheetRow = { line: number; cells: string[]; progress: number };
