// POST admin/createlessons {title, levelid}: `levelid` is the period; answers the new lesson.
import { postNewItem, useCreateItem } from './create-item';
import { curriculumKeys } from './query-keys';

export const createLesson = postNewItem<{ title: string; levelid: number }>('admin/createlessons', 'lesson');

export const useCreateLesson = () => useCreateItem(createLesson, curriculumKeys.all);
