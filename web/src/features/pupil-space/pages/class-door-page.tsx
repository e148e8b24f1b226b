// /classe: the pupils' door without an ENT (docs/pupils.md). Placeholder until the page lands.
export default function ClassDoorPage() {
  return <main>Classe</main>;
}
