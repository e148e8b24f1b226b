// /usertable/:id/eleves: a group's pupils (docs/pupils.md). Placeholder until the page lands; it
// shows the roster meanwhile.
import { useParams } from 'react-router';
import { PupilRoster } from '../components/pupil-roster';

export default function GroupPupilsPage() {
  return (
    <main className="mx-auto max-w-3xl p-4">
      <PupilRoster groupId={Number(useParams().id)} />
    </main>
  );
}
