// True when a load failed because the item does not exist (404): the screen says so instead of retrying.
import { AxiosError } from 'axios';

export function isNotFound(error: unknown): boolean {
  return error instanceof AxiosError && error.response?.status === 404;
}
