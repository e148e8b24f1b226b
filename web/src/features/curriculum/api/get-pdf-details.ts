// GET admin/pdf-details/{id} (ours): the PDF's title and place in the tree, for its preview screen.
import type { PdfDetails } from '@/common/schemas/curriculum.js';
import { queryById } from './query-by-id';
import { curriculumKeys } from './query-keys';

export const usePdfDetails = queryById<PdfDetails>('admin/pdf-details', curriculumKeys.pdfDetails);
