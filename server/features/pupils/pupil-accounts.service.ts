// What other features may ask of pupil accounts: making one (the ENT's first visit of a pupil).
export { insertPupil, type NewPupil } from './pupil.repository.js';
