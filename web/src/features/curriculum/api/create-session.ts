// POST admin/createsession {title, id}: `id` is the lesson; answers the new session.
import { postNewItem, useCreateItem } from './create-item';
import { curriculumKeys } from './query-keys';

export const createSession = postNewItem<{ title: string; id: number }>('admin/createsession', 'session');

export const useCreateSession = () => useCreateItem(createSession, curriculumKeys.all);
