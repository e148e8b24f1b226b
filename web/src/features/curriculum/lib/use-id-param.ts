// The screen's `:id` as a positive integer, or null when the URL carries something else.
import { useParams } from 'react-router';

export function useIdParam(): number | null {
  const { id } = useParams();
  const value = Number(id);
  return Number.isInteger(value) && value > 0 && value <= 2_147_483_647 ? value : null;
}
