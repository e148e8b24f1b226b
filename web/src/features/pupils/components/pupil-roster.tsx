// A group's pupils: add, rename, remove, print their sign-in cards (docs/pupils.md). Placeholder
// until the roster lands; the pupils' page (pages/group-pupils-page.tsx) shows it.
export function PupilRoster({ groupId }: { groupId: number }) {
  return <section data-group={groupId} />;
}
