// /usertable/:id: the learner feature's table with the insights feature's group overview. Features meet
// here, in the app layer, since a feature does not import another one.
import { lazy } from 'react';
import UserTablePage from '../../features/teacher-area/pages/user-table-page';

// The overview (and its chart library) loads only when asked for.
const GroupOverview = lazy(() => import('../../features/insights/components/group-overview'));

export default function UserTableRoute() {
  return <UserTablePage Overview={GroupOverview} />;
}
