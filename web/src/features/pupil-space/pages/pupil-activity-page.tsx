// /eleve/activite/:id: a pupil plays one of their entries (docs/pupils.md). Placeholder until the page lands.
export default function PupilActivityPage() {
  return <main>Activité</main>;
}
