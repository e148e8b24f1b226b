// /usertable/:id/eleves: a group's pupils (docs/pupils.md). Placeholder until the page lands.
export default function GroupPupilsPage() {
  return <main>Élèves</main>;
}
