// GET admin/pdf-details/{id} (ours): the PDF's title and place in the tree, for its preview screen.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PdfDetails } from '../../../../../common/schemas/curriculum.js';
import { api } from '../../../lib/api-client';
import { curriculumKeys } from './query-keys';

export async function getPdfDetails(id: number): Promise<PdfDetails> {
  const { data } = await api.get<PdfDetails>(`admin/pdf-details/${id}`);
  return data;
}

export const getPdfDetailsQueryOptions = (id: number) =>
  queryOptions({ queryKey: curriculumKeys.pdfDetails(id), queryFn: () => getPdfDetails(id) });

/** `id` is null when the URL holds no valid id: nothing is fetched then. */
export const usePdfDetails = (id: number | null) =>
  useQuery({ ...getPdfDetailsQueryOptions(id ?? 0), enabled: id !== null });
