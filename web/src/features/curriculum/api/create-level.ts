// POST admin/createlevel {title}: answers the new level.
import { postNewItem, useCreateItem } from './create-item';
import { curriculumKeys } from './query-keys';

export const createLevel = postNewItem<{ title: string }>('admin/createlevel', 'level');

export const useCreateLevel = () => useCreateItem(createLevel, curriculumKeys.levels());
