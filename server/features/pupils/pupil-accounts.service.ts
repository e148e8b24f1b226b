// What other features may ask of pupil accounts: making one (the ENT's first visit of a pupil), one
// account to read columns from, and what opening a pupil's session after their ENT reads.
export { findPupilForSession, insertPupil, type NewPupil, pupilAccount } from './pupil.repository.js';
