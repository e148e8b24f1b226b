// /eleve: a pupil's space (docs/pupils.md). Placeholder until the page lands.
export default function PupilHomePage() {
  return <main>Mon espace</main>;
}
