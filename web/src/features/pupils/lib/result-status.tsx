// How a result's status shows: a symbol, words and a colour together (never colour alone), the same
// in the grid, its legend and a pupil's detail.
import { Check, Circle, Minus } from 'lucide-react';
import { pupilResultsMessages as m } from '@/common/messages/pupil-results.js';

export type ResultStatus = 'not-started' | 'pending' | 'completed';

export const STATUSES: ResultStatus[] = ['not-started', 'pending', 'completed'];

export const statusText: Record<ResultStatus, string> = {
  'not-started': m.statusNotStarted,
  pending: m.statusPending,
  completed: m.statusCompleted,
};

export const statusStyle: Record<ResultStatus, { icon: typeof Check; classes: string }> = {
  'not-started': { icon: Minus, classes: 'border-slate-200 bg-slate-50 text-slate-500' },
  pending: { icon: Circle, classes: 'border-amber-300 bg-amber-50 text-amber-900' },
  completed: { icon: Check, classes: 'border-emerald-300 bg-emerald-50 text-emerald-900' },
};

export const scoreText = (score: number) =>
  `${score.toLocaleString('fr-FR', { maximumFractionDigits: 1 })} %`;

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' });

/** A stored time in the teacher's own zone; the text as is when it is not a date. */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** 'YYYY-MM-DD' as « 01/12/2026 ». */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-');
  return year && month && date ? `${date}/${month}/${year}` : day;
}
