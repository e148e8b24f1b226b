// Step 2 of the door: the pupils of the class as big buttons, by name.
import { pupilMessages } from '@/common/messages/pupils.js';
import type { ClassLookupResponse } from '@/common/schemas/pupils.js';

type Pupil = ClassLookupResponse['pupils'][number];

export function PupilPickerStep({ pupils, onPick }: { pupils: Pupil[]; onPick: (pupil: Pupil) => void }) {
  if (pupils.length === 0) {
    return (
      <p className="rounded-2xl bg-amber-50 px-5 py-6 text-center text-xl text-amber-900">
        {pupilMessages.noPupilsInClass}
      </p>
    );
  }
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {pupils.map((pupil) => (
        <li key={pupil.id}>
          <button
            type="button"
            onClick={() => onPick(pupil)}
            className="flex min-h-20 w-full cursor-pointer items-center justify-center rounded-2xl border-2 border-indigo-200 bg-white px-3 py-4 text-center text-xl font-semibold break-words text-slate-900 shadow-sm transition-colors hover:border-indigo-500 hover:bg-indigo-50 focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 active:bg-indigo-100"
          >
            {pupil.displayName}
          </button>
        </li>
      ))}
    </ul>
  );
}
