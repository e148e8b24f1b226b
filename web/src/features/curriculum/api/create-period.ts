// POST admin/createperiod {title, levelid}: answers the new period.
import { postNewItem, useCreateItem } from './create-item';
import { curriculumKeys } from './query-keys';

export const createPeriod = postNewItem<{ title: string; levelid: number }>('admin/createperiod', 'period');

export const useCreatePeriod = () => useCreateItem(createPeriod, curriculumKeys.all);
